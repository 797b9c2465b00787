/**
 * The export condition under which every `@loadout/*` package.json points at
 * its TypeScript sources (`"development": "./src/index.ts"`, listed first).
 * It is the one way the workspace runs on its sources: vitest and the
 * playground add it to Vite's resolve conditions, TypeScript's typecheck to
 * `customConditions` where a package imports itself, and Node processes
 * (benchmarks, spawned test fixtures) run with `--conditions=development`
 * and tsx's loader. Node, and builds, ignore it by default; `pnpm packs`
 * strips it, so a published package never points at `src/`, which it does
 * not ship.
 */
export const WORKSPACE_SOURCES = 'development';
