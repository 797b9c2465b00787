/**
 * Builds `dist/loadout.wasm`, the WebAssembly component: bundles
 * `src/component/api.ts` (core, BM25F and the tokenizer inlined) into one
 * ES module, then
 * runs componentize-js (SpiderMonkey inside, offline) against
 * `wit/loadout.wit` with every WASI feature off: the component imports
 * nothing. A bundle already componentized (same bytes, same WIT, same
 * componentize-js) is copied from the cache. Run by `pnpm build`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { componentize } from '@bytecodealliance/componentize-js';
import type { ComponentizeOptions } from '@bytecodealliance/componentize-js';
import { build } from 'vite';
import type { Plugin } from 'vite';
import { COMPONENT_CACHE, COMPONENT_FILE, COMPONENT_SOURCE, PACKAGE_DIRECTORY, WIT_FILE, WORLD_NAME } from './component-paths.js';
import { engineWithRaisedHeapLimit } from './engine-heap-limit.js';

/** The rank file the component never reads: `plan` counts with `cl100k_base` only, as `loadout plan` does. */
const UNUSED_RANK_FILE = 'js-tiktoken/ranks/o200k_base';

/**
 * Leaves `o200k_base`'s rank file (2.3 MB of text) out of the bundle: in the
 * component a counter of that encoding reports `model-unavailable` (missing
 * rank file), which no exported function asks for.
 */
function withoutUnusedRankFile(): Plugin {
  const id = '\0loadout-unused-rank-file';
  return {
    name: 'loadout:without-unused-rank-file',
    enforce: 'pre',
    resolveId: (source) => (source === UNUSED_RANK_FILE ? id : null),
    load: (loaded) => (loaded === id ? 'export default undefined;' : null),
  };
}

const started = Date.now();
await build({
  configFile: false,
  root: PACKAGE_DIRECTORY,
  logLevel: 'warn',
  publicDir: false,
  plugins: [withoutUnusedRankFile()],
  build: {
    lib: { entry: 'src/component/api.ts', formats: ['es'], fileName: () => 'loadout-api.js' },
    outDir: dirname(COMPONENT_SOURCE),
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    target: 'es2022',
  },
});

const source = readFileSync(COMPONENT_SOURCE);
const wit = readFileSync(WIT_FILE, 'utf8');
const componentizeDirectory = join(PACKAGE_DIRECTORY, 'node_modules/@bytecodealliance/componentize-js');
const componentizeVersion = (JSON.parse(readFileSync(join(componentizeDirectory, 'package.json'), 'utf8')) as { version: string }).version;
// componentize-js's release engine with SpiderMonkey's 32 MiB heap limit lifted (decision 3452).
const engine = engineWithRaisedHeapLimit(join(componentizeDirectory, 'lib/starlingmonkey_embedding.wasm'), COMPONENT_CACHE);
const key = createHash('sha256').update(source).update('\0').update(wit).update('\0').update(componentizeVersion).update('\0').update(engine).digest('hex').slice(0, 32);
const cached = join(COMPONENT_CACHE, `${key}.wasm`);

if (existsSync(cached)) {
  copyFileSync(cached, COMPONENT_FILE);
  process.stdout.write(`@loadout/wasm: dist/loadout.wasm from the cache (bundle unchanged)\n`);
} else {
  process.stderr.write(`@loadout/wasm: componentizing ${(source.byteLength / 1024).toFixed(0)} kB of JavaScript with componentize-js ${componentizeVersion} (a minute or two)…\n`);
  const options = {
    sourcePath: COMPONENT_SOURCE,
    // The WIT as text (accepted, though not in componentize-js's types): it reads a path through a WASI sandbox that does not see the file system here.
    witWorld: wit,
    worldName: WORLD_NAME,
    engine,
    disableFeatures: ['random', 'stdio', 'clocks', 'http', 'fetch-event'] as ('random' | 'stdio' | 'clocks' | 'http' | 'fetch-event')[],
  };
  const { component } = await componentize(options as unknown as ComponentizeOptions);
  writeFileSync(COMPONENT_FILE, component);
  mkdirSync(COMPONENT_CACHE, { recursive: true });
  writeFileSync(cached, component);
  process.stdout.write(`@loadout/wasm: dist/loadout.wasm ${(component.byteLength / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
