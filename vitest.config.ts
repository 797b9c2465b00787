import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One vitest run for the whole workspace. Workspace packages resolve to their
 * sources, so tests never depend on a stale `dist/`.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@loadout\/([a-z0-9-]+)\/test$/, replacement: `${root}packages/$1/src/test/index.ts` },
      { find: /^@loadout\/([a-z0-9-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'benchmarks/src/**/*.test.ts'],
    reporters: ['default', `${root}tooling/summary-reporter.ts`],
    testTimeout: 20_000,
    pool: 'forks',
  },
});
