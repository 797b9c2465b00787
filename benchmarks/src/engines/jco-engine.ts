import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../paths.js';
import type { EngineDriver } from './engine-driver.js';

/** The component `pnpm build` wrote. */
export const COMPONENT_FILE = join(REPO_ROOT, 'packages/wasm/dist/loadout.wasm');

interface ComponentIndex {
  search(query: string, limit: number): string;
}
interface ComponentApi {
  decide(input: string): string;
  Index: { fromSaved(catalog: string, source: string, saved: Uint8Array): ComponentIndex };
}

/**
 * The WebAssembly component (SpiderMonkey inside) transpiled by jco into
 * JavaScript and core WebAssembly modules, loaded by Node. `instantiateMs`
 * is the import of the transpiled module (compiling its core modules); the
 * transpile itself happens first, untimed, in a temporary folder.
 */
export async function createJcoEngine(): Promise<EngineDriver> {
  const require = createRequire(join(REPO_ROOT, 'packages/wasm/package.json'));
  const { transpile } = (await import(pathToFileURL(require.resolve('@bytecodealliance/jco')).href)) as {
    transpile(component: Uint8Array, options: { name: string; quiet: boolean }): Promise<{ files: Record<string, Uint8Array> }>;
  };
  const component = readFileSync(COMPONENT_FILE);
  const { files } = await transpile(component, { name: 'loadout', quiet: true });
  const folder = mkdtempSync(join(tmpdir(), 'loadout-jco-'));
  // jco writes ES modules with top-level await: the folder must say so.
  writeFileSync(join(folder, 'package.json'), '{"type": "module"}\n');
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), bytes);
  }
  const started = performance.now();
  const { api } = (await import(pathToFileURL(join(folder, 'loadout.js')).href)) as { api: ComponentApi };
  const instantiateMs = performance.now() - started;
  let index: ComponentIndex | undefined;
  return {
    name: 'component via jco in Node',
    instantiateMs,
    sizeBytes: component.byteLength,
    decide: (input) => api.decide(input),
    restore(catalog, saved) {
      index = api.Index.fromSaved(catalog, 'catalog', saved);
    },
    search: (query, limit) => index!.search(query, limit),
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  };
}
