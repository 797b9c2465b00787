import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions } from 'vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from '../../tooling/chromium-launch.js';
import { WORKSPACE_SOURCES } from '../../tooling/workspace-sources.js';

/**
 * The browser suites of @loadout/browser (`src/**\/*.browser.test.ts`), in
 * headless Chromium, standalone:
 *
 *   npx vitest run --config packages/browser/vitest.browser.config.ts
 *
 * It is also one of the root config's projects, so `pnpm test` runs it.
 * Workspace packages resolve to their sources as in the root config, and
 * transformers.js to its web build.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
function transformersWebBuild(): string | undefined {
  for (const base of [`${root}packages/browser/node_modules`]) {
    const directory = `${base}/@huggingface/transformers`;
    if (existsSync(directory)) return `${realpathSync(directory)}/dist/transformers.web.js`;
  }
  return undefined;
}

const transformers = transformersWebBuild();

const packageRoot = fileURLToPath(new URL('.', import.meta.url));

/** Where the tests fetch the word-vector table, and the file the @loadout/embeddings build writes. */
const STATIC_TABLE_PATH = '/static/glove-sg-100d-50k.ldwv';
const staticTableFile = `${root}packages/embeddings/dist/glove-sg-100d-50k.ldwv`;

/**
 * Serves the real word-vector table at `/static/…` from this Vite root, as
 * a page serves it, so the worker's static-embedding, hybrid and Cache API
 * paths run against the real file (a 404 when it is not built yet).
 */
function staticTable(): Plugin {
  return {
    name: 'loadout-static-table',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.url ?? '').split('?')[0] !== STATIC_TABLE_PATH) return next();
        if (!existsSync(staticTableFile)) {
          response.statusCode = 404;
          response.end(`build @loadout/embeddings first: ${staticTableFile} is missing`);
          return;
        }
        response.setHeader('Content-Type', 'application/octet-stream');
        response.setHeader('Content-Length', statSync(staticTableFile).size);
        if (request.method === 'HEAD') response.end();
        else createReadStream(staticTableFile).pipe(response);
      });
    },
  };
}

export default defineConfig({
  root: packageRoot,
  plugins: [staticTable()],
  optimizeDeps: {
    // Crawl the worker too, so its dependencies (js-tiktoken, transformers.js) are optimised before the run, not mid-test.
    entries: ['src/**/*.browser.test.ts', 'src/worker-entry.ts', 'src/worker-transformers-entry.ts'],
  },
  server: {
    // The setup writes a tiny model under the temp folder; tests fetch it and onnxruntime-web's WASM through /@fs/.
    fs: { allow: [root, realpathSync(tmpdir())] },
  },
  resolve: {
    // Workspace packages resolve to their sources through their `development` export condition.
    conditions: [WORKSPACE_SOURCES, ...defaultClientConditions],
    alias: transformers === undefined ? [] : [{ find: /^@huggingface\/transformers$/, replacement: transformers }],
  },
  test: {
    name: 'browser-package',
    include: ['src/**/*.browser.test.ts'],
    testTimeout: 60_000,
    globalSetup: [`${root}packages/browser/vitest.browser.setup.ts`],
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: chromiumLaunchOptions(),
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
