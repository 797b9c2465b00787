import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

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
