import { fileURLToPath } from 'node:url';

/** File name of the table the package build writes into `dist/`. */
export const DEFAULT_TABLE_FILE_NAME = 'glove-sg-100d-50k.ldwv';

/**
 * Where the package build writes the default GloVe table: `dist/` of this
 * package, found from both `src/static/` (tests) and `dist/static/` (built).
 */
export function defaultStaticTablePath(): string {
  return fileURLToPath(new URL(`../../dist/${DEFAULT_TABLE_FILE_NAME}`, import.meta.url));
}
