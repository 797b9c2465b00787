/**
 * The engine worker with the `transformers` ranker available:
 * `new Worker(new URL('@loadout/browser/worker-transformers', import.meta.url), { type: 'module' })`.
 * It is `@loadout/browser/worker` plus transformers.js, imported on the
 * first use of that ranker (a page bundling this worker ships transformers.js
 * and onnxruntime-web as lazy chunks). Importing this module starts serving.
 */
import { createEngine } from './engine/create-engine.js';
import type { TransformersLibrary } from './transformers/transformers-library.js';
import type { MessageEndpoint } from './worker/endpoints.js';
import { serveEngine } from './worker/serve-engine.js';

const loadTransformers = async (): Promise<TransformersLibrary> => (await import('@huggingface/transformers')) as unknown as TransformersLibrary;

serveEngine(globalThis as unknown as MessageEndpoint, { createEngine: (config) => createEngine({ ...config, loadTransformers }) });
