import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { findNodeOnlyTestFiles } from './tooling/node-only-test-files.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Packages whose suites also run in headless Chromium: the browser-safe core and its plug-ins. */
const browserPackages = ['core', 'tokens', 'mods', 'bm25'].map((name) => `packages/${name}/src`);

/**
 * One vitest run for the whole workspace, in two projects:
 * - `node`: every test file, in Node, as before, and the tooling's own tests;
 * - `browser-package`: @loadout/browser's `*.browser.test.ts` (a real Web
 *   Worker, IndexedDB), configured in packages/browser/vitest.browser.config.ts;
 * - `browser`: the suites of `browserPackages` again, in headless Chromium
 *   (Debian's `/usr/bin/chromium`, driven by Playwright). A test file that
 *   imports a `node:` module (to read fixtures or scan sources) runs in Node
 *   only; `findNodeOnlyTestFiles` lists them.
 * Workspace packages resolve to their sources, so tests never depend on a
 * stale `dist/`.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@loadout\/browser\/worker$/, replacement: `${root}packages/browser/src/worker-entry.ts` },
      { find: /^@loadout\/embeddings\/browser$/, replacement: `${root}packages/embeddings/src/browser.ts` },
      { find: /^@loadout\/([a-z0-9-]+)\/([a-z0-9-]+)$/, replacement: `${root}packages/$1/src/$2/index.ts` },
      { find: /^@loadout\/([a-z0-9-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
    ],
  },
  test: {
    reporters: ['default', `${root}tooling/summary-reporter.ts`],
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'benchmarks/src/**/*.test.ts', 'tooling/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.browser.test.ts'],
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserPackages.map((directory) => `${directory}/**/*.test.ts`),
          exclude: [...configDefaults.exclude, ...findNodeOnlyTestFiles(root, browserPackages)],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--disable-quic',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      // @loadout/browser's Worker and IndexedDB suites, in Chromium (their own Vite settings).
      'packages/browser/vitest.browser.config.ts',
    ],
  },
});
