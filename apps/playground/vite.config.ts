import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { dropBundledOrtWasm, playgroundAssets } from './build/playground-assets.js';
import { workspaceSources } from './build/workspace-sources.js';

/**
 * The playground, built with Vite. Workspace packages resolve to their
 * sources (so the page never runs a stale `dist/`); the word-vector table and
 * onnxruntime-web's WASM are served in dev and copied into `dist/` by
 * `playgroundAssets`. `base: './'` lets `dist/` be served from any path.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [workspaceSources(), playgroundAssets(), dropBundledOrtWasm()],
  // Workers are bundled separately: they need the source resolution too, and ES format to split chunks.
  worker: { format: 'es', plugins: () => [workspaceSources(), dropBundledOrtWasm()] },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2_000 },
  server: { fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } },
});
