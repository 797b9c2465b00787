import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A static or dynamic import of a `node:` module, the mark of a test that needs Node. */
const NODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]node:/;

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The `*.test.ts` files under `directories` that import a `node:` module
 * (`node:fs` to read a fixture, `node:path` to scan sources), as paths
 * relative to `root` with `/` separators. They run in the Node project only.
 */
export function findNodeOnlyTestFiles(root: string, directories: readonly string[]): string[] {
  return directories
    .flatMap((directory) => testFiles(join(root, directory)))
    .filter((file) => NODE_IMPORT.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
}
