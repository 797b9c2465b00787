import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../packages/browser/dist/', import.meta.url));
const chunks = `${dist}element-chunks/`;

/** The chunk files a built module names (`./element-chunks/x.js` from an entry, `./x.js` from a chunk). */
function named(file: string, inChunks: boolean): string[] {
  const code = readFileSync(file, 'utf8');
  const pattern = inChunks ? /["'`]\.\/([\w.-]+\.js)["'`]/g : /["'`]\.\/element-chunks\/([\w.-]+\.js)["'`]/g;
  return Array.from(code.matchAll(pattern), (match) => match[1]!);
}

describe.skipIf(!existsSync(chunks))('the element build (packages/browser/dist, pnpm build first)', () => {
  it('holds only chunks its entries reach: no stale chunk of an earlier build is packed', () => {
    const reached = new Set<string>();
    const queue = [...named(`${dist}element.js`, false), ...named(`${dist}loadout-search-worker.js`, false)];
    while (queue.length > 0) {
      const chunk = queue.pop()!;
      if (reached.has(chunk)) continue;
      reached.add(chunk);
      queue.push(...named(`${chunks}${chunk}`, true));
    }
    expect(reached.size).toBeGreaterThan(2);
    expect(readdirSync(chunks).sort()).toEqual([...reached].sort());
  });
});
