import { createLoadoutError, describeValue } from '@loadout/core';
import type { Embedder } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { createPipelineEmbedder, exclusively } from '@loadout/embeddings/browser';
import { findMissingModelFile, modelFiles } from './model-files.js';
import { transformersNotProvided } from './transformers-library.js';
import type { FeatureExtractor, TransformersLibrary, WasmPaths } from './transformers-library.js';

import { DEFAULT_TRANSFORMERS_MODEL, transformersModelId } from './transformers-model-id.js';

export { DEFAULT_TRANSFORMERS_MODEL, transformersModelId } from './transformers-model-id.js';

/** Options of {@link createWasmTransformersEmbedder}. */
export interface WasmTransformersEmbedderOptions {
  /** Model folder under `modelBaseUrl` (a hub-style id). Default `Xenova/all-MiniLM-L6-v2`. */
  model?: string;
  /**
   * URL under which `<model>/config.json`, `<model>/tokenizer.json`,
   * `<model>/tokenizer_config.json` and `<model>/onnx/model_quantized.onnx`
   * (or `model.onnx` when not quantized) are served. Required; relative URLs
   * resolve against the page. Nothing is fetched from a CDN or the hub.
   */
  modelBaseUrl: string;
  /**
   * Where onnxruntime-web's WASM files are served: a URL prefix ending in `/`
   * holding `ort-wasm-simd-threaded.asyncify.{mjs,wasm}` (from
   * `onnxruntime-web/dist`), or both files by URL. Required.
   */
  wasmPaths: WasmPaths;
  /** Use `onnx/model_quantized.onnx` (dtype `q8`); false uses `onnx/model.onnx` (fp32). Default true. */
  quantized?: boolean;
  /** Mean pooling over tokens or the first token. Default `mean`. */
  pooling?: 'mean' | 'cls';
  /** Texts per model call. Default 32; an integer from 1 to 1,024. */
  batchSize?: number;
  /** Loads transformers.js, e.g. `() => import('@huggingface/transformers')`. Default: none (loading fails with `unsupported-environment`, naming how to opt in). */
  loadLibrary?: () => Promise<TransformersLibrary>;
  /**
   * Fetches a model file when loading fails, to tell which file is missing
   * (or answered with an HTML page) and name its URL. Default: the global
   * `fetch`.
   */
  fetch?: (url: string) => Promise<Response>;
}

/** A sentence {@link Embedder} on transformers.js's WASM backend; the model loads on first use. */
export interface WasmTransformersEmbedder extends Embedder {
  /** `<model>#<dtype>`, plus `#cls` for CLS pooling. */
  readonly modelId: string;
  /** Loads the model now; throws `model-unavailable` when its files or the WASM runtime cannot be loaded. */
  load(): Promise<void>;
  /** Releases the model; a later call loads it again. */
  dispose(): Promise<void>;
}

function invalid(option: string, value: unknown, expected: string): never {
  throw createLoadoutError('invalid-option', `@loadout/browser: ${option} must be ${expected} (got ${describeValue(value)})`, { option, value });
}

function absolute(option: string, url: string): string {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(url, base).href;
  } catch {
    return invalid(option, url, 'a valid URL');
  }
}

/**
 * The `env.localModelPath` for a model base URL: a path (`/models/`) when the
 * URL is on this origin, as transformers.js expects of local models (it
 * probes tokenizer files only under paths), else the absolute URL.
 */
function localModelPath(url: string): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  const parsed = new URL(url);
  return origin !== undefined && parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : url;
}

function readWasmPaths(value: unknown): WasmPaths {
  if (typeof value === 'string' && value.length > 0) return absolute('wasmPaths', value);
  if (typeof value === 'object' && value !== null) {
    const { mjs, wasm } = value as { mjs?: unknown; wasm?: unknown };
    if (typeof mjs === 'string' && typeof wasm === 'string') return { mjs: absolute('wasmPaths.mjs', mjs), wasm: absolute('wasmPaths.wasm', wasm) };
  }
  return invalid('wasmPaths', value, 'a URL prefix or { mjs, wasm } URLs of onnxruntime-web\'s WASM files');
}

/** The path of `url` when it is on this page's origin (where a site keeps the folder), else the URL. */
function folderOnSite(url: string): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  const parsed = new URL(url);
  return origin !== undefined && parsed.origin === origin ? parsed.pathname : url;
}


/**
 * Creates a transformers.js `feature-extraction` embedder that runs on the
 * WASM backend with local files only: `env.allowRemoteModels = false`,
 * `env.allowLocalModels = true`, `env.localModelPath = modelBaseUrl` (as a
 * path when on the page's origin),
 * `env.backends.onnx.wasm.wasmPaths = wasmPaths`, and `device: 'wasm'`.
 * Throws `invalid-option` at once for a missing `modelBaseUrl` or
 * `wasmPaths`; the first `embed` throws `model-unavailable` naming the URL
 * when the files are not there.
 */
export function createWasmTransformersEmbedder(options: WasmTransformersEmbedderOptions): WasmTransformersEmbedder {
  const model = options.model ?? DEFAULT_TRANSFORMERS_MODEL;
  if (typeof model !== 'string' || model.length === 0) invalid('transformersModel', model, 'a model folder name');
  if (typeof options.modelBaseUrl !== 'string' || options.modelBaseUrl.length === 0) {
    invalid('modelBaseUrl', options.modelBaseUrl, 'the URL where the model folders are served (the transformers ranker loads local files only)');
  }
  const modelBaseUrl = absolute('modelBaseUrl', options.modelBaseUrl.endsWith('/') ? options.modelBaseUrl : `${options.modelBaseUrl}/`);
  const wasmPaths = readWasmPaths(options.wasmPaths);
  const dtype = (options.quantized ?? true) ? 'q8' : 'fp32';
  const pooling = options.pooling ?? 'mean';
  if (pooling !== 'mean' && pooling !== 'cls') invalid('pooling', pooling, '"mean" or "cls"');
  const batchSize = integerOption('@loadout/browser', 'batchSize', options.batchSize, 32, 1, 1024);
  const loadLibrary = options.loadLibrary ?? transformersNotProvided;
  const fetchFile = options.fetch ?? ((url: string) => globalThis.fetch(url));
  const modelId = transformersModelId(model, options.quantized, pooling);

  const open = (): Promise<FeatureExtractor> =>
    exclusively(async () => {
      let library: TransformersLibrary;
      try {
        library = await loadLibrary();
      } catch (error) {
        throw createLoadoutError('unsupported-environment', `@loadout/browser: cannot load transformers.js: ${String(error)}`, { reason: String(error) });
      }
      const { env } = library;
      const wasm = env.backends.onnx?.wasm;
      if (wasm === undefined) {
        throw createLoadoutError('unsupported-environment', '@loadout/browser: transformers.js has no ONNX WASM backend in this environment (use its web build)');
      }
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      env.localModelPath = localModelPath(modelBaseUrl);
      wasm.wasmPaths = typeof wasmPaths === 'string' ? wasmPaths : { ...wasmPaths };
      try {
        return (await library.pipeline('feature-extraction', model, { dtype, device: 'wasm', local_files_only: true })) as FeatureExtractor;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const folder = `${modelBaseUrl}${model}/`;
        const files = modelFiles(dtype);
        // transformers.js reports a missing file in many ways (an HTML fallback page surfaces as a JSON syntax error), so look for ourselves.
        const missing = await findMissingModelFile(folder, files, fetchFile).catch(() => undefined);
        throw createLoadoutError(
          'model-unavailable',
          missing !== undefined
            ? `@loadout/browser: model files not found for transformers model ${describeValue(model)} (${dtype}): ${missing}. Put ${files.join(', ')} in the folder ${folder} (${describeValue(folderOnSite(folder))} on the site, under modelBaseUrl ${describeValue(modelBaseUrl)}); no CDN or hub is used`
            : `@loadout/browser: cannot start transformers model ${describeValue(model)} (${dtype}) from ${describeValue(folder)} with the WASM runtime at ${describeValue(wasmPaths)}: ${reason}`,
          { model, dtype, modelBaseUrl, folder, wasmPaths, reason, ...(missing === undefined ? {} : { missing }) },
        );
      }
    });

  return createPipelineEmbedder({ modelId, model, open, pooling, batchSize, source: '@loadout/browser' });
}
