import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/**
 * Node arguments that run a TypeScript entry with tsx's loader and
 * `@loadout/*` resolved to workspace sources through their `development`
 * export condition (tooling/workspace-sources.ts): `[...nodeTypescriptArgs(), entry, ...args]`.
 */
export function nodeTypescriptArgs(): string[] {
  return ['--conditions=development', '--import', pathToFileURL(require.resolve('tsx')).href];
}

/** Path of the stdio gateway fixture entry. */
export const GATEWAY_STDIO_ENTRY = join(here, 'gateway-stdio-entry.ts');

/** Path of the fixture entry serving a gateway over stdio through `serveGateway` (shutting down on a signal). */
export const SERVE_STDIO_ENTRY = join(here, 'serve-stdio-entry.ts');
