// A page's own engine worker: the built-ins plus its reverse ranker, registered through createEngine's `rankers`.
import { createEngine } from '../engine/create-engine.js';
import type { MessageEndpoint } from '../worker/endpoints.js';
import { serveEngine } from '../worker/serve-engine.js';
import { reverseDefinition } from './reverse-ranker.js';

serveEngine(globalThis as unknown as MessageEndpoint, { createEngine: (config) => createEngine({ ...config, rankers: [reverseDefinition] }) });
