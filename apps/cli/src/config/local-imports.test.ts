import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPackageFile, localImports } from './local-imports.js';

const root = mkdtempSync(join(tmpdir(), 'loadout-local-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
}

describe('localImports', () => {
  it('lists, per module, every local file it imports, directly or not, and no package, built-in or type-only import', async () => {
    write({
      'ranker.mjs': "import { h } from './lib/helpers.mjs';\nimport z from 'some-package';\nimport fs from 'node:fs';\nconst data = require('./data.json');\nexport default async () => (await import('./lazy.mjs')).default;\n",
      'lib/helpers.mjs': "export * from './deep.cjs';\nexport const h = 1;\n",
      'lib/deep.cjs': 'module.exports = { d: 1 };\n',
      'lazy.mjs': 'export default 1;\n',
      'data.json': '{}',
      'node_modules/local-copy/index.js': 'export default 1;\n',
      'mod.ts': "import type { T } from './types.js';\nimport { k } from './k.js';\nimport copy from './node_modules/local-copy/index.js';\nexport default [k, copy] as T;\n",
      'types.ts': 'export type T = unknown;\n',
      'k.ts': 'export const k = 1;\n',
    });
    const found = await localImports([join(root, 'ranker.mjs'), join(root, 'mod.ts')]);
    expect(found.get(join(root, 'ranker.mjs'))).toEqual(['data.json', 'lazy.mjs', 'lib/deep.cjs', 'lib/helpers.mjs'].map((name) => join(root, name)));
    expect(found.get(join(root, 'mod.ts'))).toEqual([join(root, 'k.ts')]);
  });

  it('is plugin-load-failed, naming where, for an import of a missing local file', async () => {
    write({ 'broken.mjs': "import { x } from './missing.mjs';\nexport default x;\n" });
    await expect(localImports([join(root, 'broken.mjs')])).rejects.toMatchObject({ code: 'plugin-load-failed', message: expect.stringMatching(/import: \/.+\/broken\.mjs:1:\d+: Could not resolve "\.\/missing\.mjs"/) });
  });

  it('tells a package file by a node_modules segment', () => {
    expect(isPackageFile('/a/node_modules/p/index.js')).toBe(true);
    expect(isPackageFile('/a/my_node_modules/p.js')).toBe(false);
  });
});
