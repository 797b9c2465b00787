import { findMissingModelFile, modelFiles } from '../transformers/model-files.js';
import { TRANSFORMERS_OPT_IN } from '../transformers/transformers-library.js';
import { DEFAULT_TRANSFORMERS_MODEL } from '../transformers/transformers-model-id.js';
import type { EngineOptions } from './engine-options.js';

/**
 * Why each of the engine's own rankers cannot run here, one line each, by
 * ranker name (a ranker absent from the map can run): `static-embedding` and
 * `hybrid` without their word-vector table (no `staticTableUrl`, or nothing
 * served there), `transformers` without transformers.js (`loadTransformers`),
 * its URLs, or its model files. Files are probed with `options.fetch`, else
 * the table with a HEAD request and the model files with GET (a body other
 * than JSON is not read); nothing is loaded into the engine.
 */
export async function findUnavailableRankers(options: EngineOptions): Promise<Map<string, string>> {
  const fetchFile = options.fetch ?? ((url: string) => globalThis.fetch(url));
  const headFile = options.fetch ?? ((url: string) => globalThis.fetch(url, { method: 'HEAD' }));
  const reasons = new Map<string, string>();
  const table = options.staticTableUrl;
  const tableReason =
    table === undefined
      ? 'no word-vector table: the engine has no staticTableUrl'
      : await findMissingModelFile('', [table], headFile).then((missing) => (missing === undefined ? undefined : `no word-vector table: ${missing}`));
  if (tableReason !== undefined) {
    reasons.set('static-embedding', tableReason);
    reasons.set('hybrid', tableReason);
  }
  const transformersReason = await (async (): Promise<string | undefined> => {
    if (options.loadTransformers === undefined) return `transformers.js is not part of this engine: ${TRANSFORMERS_OPT_IN}`;
    if (options.modelBaseUrl === undefined || options.wasmPaths === undefined) return 'the engine has no modelBaseUrl and wasmPaths to load a model from';
    const base = options.modelBaseUrl.endsWith('/') ? options.modelBaseUrl : `${options.modelBaseUrl}/`;
    const folder = `${base}${options.transformersModel ?? DEFAULT_TRANSFORMERS_MODEL}/`;
    const missing = await findMissingModelFile(folder, modelFiles((options.transformersQuantized ?? true) ? 'q8' : 'fp32'), fetchFile);
    return missing === undefined ? undefined : `no model files: ${missing}`;
  })();
  if (transformersReason !== undefined) reasons.set('transformers', transformersReason);
  return reasons;
}
