import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the queries the project wrote for the embedded demo catalog are
 * (`examples/demo-queries.jsonl`): the build's copy beside `dist/main.js`
 * (what an installed `loadout` has), else the repository's `examples/`.
 */
export function demoEvalQueriesPath(): string {
  const candidates = [new URL('../demo-queries.jsonl', import.meta.url), new URL('../../../../examples/demo-queries.jsonl', import.meta.url)];
  const found = candidates.find((url) => existsSync(url)) ?? candidates[0]!;
  return fileURLToPath(found);
}
