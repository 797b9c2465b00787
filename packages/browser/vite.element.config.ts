import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Empties `dist/element-chunks/` before each build (the rest of `dist/` is
 * tsc's and stays): chunk names carry hashes, so without it every rebuild
 * would leave the previous chunks beside the new ones, and a packed tarball
 * would ship them all.
 */
function withoutStaleChunks(): Plugin {
  return {
    name: 'loadout:without-stale-chunks',
    buildStart() {
      rmSync(`${root}dist/element-chunks`, { recursive: true, force: true });
    },
  };
}

/**
 * The ES module build of `<loadout-search>` for pages without a bundler:
 * `dist/element.js` and its worker `dist/loadout-search-worker.js` (over
 * tsc's output of the same names), their shared and lazy chunks under
 * `dist/element-chunks/`. Every import is bundled (none by bare name);
 * workspace packages are read from their sources (`development`).
 */
export default defineConfig({
  root,
  configFile: false,
  logLevel: 'warn',
  resolve: { conditions: ['development', ...defaultClientConditions] },
  plugins: [withoutStaleChunks()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    // The worker shares chunks with the element: no preload helper, which needs `document`.
    modulePreload: false,
    minify: true,
    sourcemap: false,
    // The tiktoken rank file (3.4 MB) is a lazy chunk the element never loads (it does not plan).
    chunkSizeWarningLimit: 4_000,
    rolldownOptions: {
      input: { element: `${root}src/element.ts`, 'loadout-search-worker': `${root}src/loadout-search-worker.ts` },
      preserveEntrySignatures: 'exports-only',
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'element-chunks/[name]-[hash].js' },
    },
  },
});
