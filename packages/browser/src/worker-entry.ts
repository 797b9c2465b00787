/**
 * The engine worker: `new Worker(new URL('@loadout/browser/worker', import.meta.url), { type: 'module' })`,
 * then `createWorkerEngine(worker)` in the page. Importing this module starts serving.
 */
import type { MessageEndpoint } from './worker/endpoints.js';
import { serveEngine } from './worker/serve-engine.js';

serveEngine(globalThis as unknown as MessageEndpoint);
