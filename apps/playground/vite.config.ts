import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { WORKSPACE_SOURCES } from '../../tooling/workspace-sources.js';
import { dropBundledOrtWasm, playgroundAssets } from './build/playground-assets.js';

/**
 * The playground, built with Vite. Workspace packages resolve to their
 * sources through their `development` export condition, in dev and in the
 * build alike (so the page never runs a stale `dist/`); the word-vector
 * table and onnxruntime-web's WASM are served in dev and copied into `dist/`
 * by `playgroundAssets`. `base: './'` lets `dist/` be served from any path.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: { conditions: [WORKSPACE_SOURCES, ...defaultClientConditions] },
  plugins: [playgroundAssets(), dropBundledOrtWasm()],
  // Workers are bundled separately, in ES format to split chunks; they resolve with the same conditions.
  worker: { format: 'es', plugins: () => [dropBundledOrtWasm()] },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2_000 },
  server: { fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } },
});
