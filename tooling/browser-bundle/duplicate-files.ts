import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A built file's name without its content hash (8 base64url characters, one of them upper case): `assets/regex-DcOftN5U.js` → `regex.js`. */
export function unhashedName(file: string): string {
  const base = file.split('/').at(-1) ?? file;
  return base.replace(/-(?=[A-Za-z0-9_-]{0,7}[A-Z_])[A-Za-z0-9_-]{8}(?=\.[a-z0-9]+$)/, '');
}

/**
 * Groups of files under `directory` that are copies of one another: equal
 * bytes, or the same unhashed name (`transformers.web.js` twice, from two
 * bundles) with sizes within 5% of each other. Paths relative to `directory`.
 */
export function findDuplicateFiles(directory: string): string[][] {
  const files = readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => statSync(join(directory, file)).isFile())
    .sort();
  const groups = new Map<string, string[]>();
  const add = (key: string, file: string): void => {
    groups.set(key, [...(groups.get(key) ?? []), file]);
  };
  const sizes = new Map(files.map((file) => [file, statSync(join(directory, file)).size]));
  for (const file of files) add(`bytes:${createHash('sha256').update(readFileSync(join(directory, file))).digest('hex')}`, file);
  for (const file of files) add(`name:${unhashedName(file)}`, file);
  const duplicates: string[][] = [];
  const seen = new Set<string>();
  for (const [key, group] of groups) {
    if (group.length < 2) continue;
    const copies = key.startsWith('bytes:') ? group : group.filter((file) => group.some((other) => other !== file && Math.abs(sizes.get(other)! - sizes.get(file)!) <= 0.05 * sizes.get(file)!));
    const id = copies.join('\n');
    if (copies.length > 1 && !seen.has(id)) {
      seen.add(id);
      duplicates.push(copies);
    }
  }
  return duplicates;
}
