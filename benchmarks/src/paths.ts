import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (two levels above this file). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where reports go: `benchmarks/results/` (git-ignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** The recorded quality baseline of the CI gate. */
export const BASELINE_PATH = fileURLToPath(new URL('../quality-baseline.json', import.meta.url));

/** Default eval data root: `../shared/data/eval` relative to the repo root. */
export const DEFAULT_DATA_DIR = resolve(REPO_ROOT, '../shared/data/eval');

/** The data root to use (`--data` resolved against the working directory, else the default) and whether it exists. */
export function resolveDataDir(option: string | undefined): { dataDir: string; exists: boolean } {
  const dataDir = option === undefined ? DEFAULT_DATA_DIR : resolve(option);
  return { dataDir, exists: existsSync(dataDir) };
}
