import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tooling/chromium-launch.js';
import { WORKSPACE_SOURCES } from './tooling/workspace-sources.js';
import { findNodeOnlyTestFiles } from './tooling/node-only-test-files.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Packages whose suites also run in headless Chromium: the browser-safe core and its plug-ins. */
const browserPackages = ['core', 'tokens', 'bm25'].map((name) => `packages/${name}/src`);

/**
 * One vitest run for the whole workspace, in two projects:
 * - `node`: every test file, in Node, as before, and the tooling's own tests;
 * - `browser-package`: @loadout/browser's `*.browser.test.ts` (a real Web
 *   Worker, IndexedDB), configured in packages/browser/vitest.browser.config.ts;
 * - `browser`: the suites of `browserPackages` again, in headless Chromium
 *   (Debian's `/usr/bin/chromium`, driven by Playwright). A test file that
 *   imports a `node:` module (to read fixtures or scan sources) runs in Node
 *   only; `findNodeOnlyTestFiles` lists them.
 * Workspace packages resolve to their sources through the `development`
 * export condition of their package.json (the one mechanism: the playground
 * and the benchmarks use it too), so tests never depend on a stale `dist/`.
 */
export default defineConfig({
  resolve: { conditions: [WORKSPACE_SOURCES, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [WORKSPACE_SOURCES, ...defaultServerConditions] } },
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
              launchOptions: chromiumLaunchOptions(),
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
