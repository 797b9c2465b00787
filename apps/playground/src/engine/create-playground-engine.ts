import { createWorkerEngine } from '@loadout/browser';
import type { EngineConfig, LoadoutEngine } from '@loadout/browser';

/**
 * Where the page serves the rankers' files, relative to the page (see
 * `build/playground-assets.ts`): the word-vector table, onnxruntime-web's
 * WASM, and model folders the user puts under `public/models/`. It searches
 * on every keystroke, so it completes the word being typed, as
 * `<loadout-search>` does (`completeLastWord`, 3453, 3457).
 */
export const PLAYGROUND_ENGINE_CONFIG: EngineConfig = {
  completeLastWord: true,
  staticTableUrl: 'static/glove-sg-100d-50k.ldwv',
  modelBaseUrl: 'models/',
  wasmPaths: 'ort/',
};

/** The page's engine: a worker engine, so indexing 10,000 tools never blocks typing. */
export function createPlaygroundEngine(): LoadoutEngine {
  return createWorkerEngine(() => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }), PLAYGROUND_ENGINE_CONFIG);
}
