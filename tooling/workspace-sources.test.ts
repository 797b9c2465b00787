import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_SOURCES } from './workspace-sources.js';
// @ts-expect-error: a plain .mjs script without types
import { withoutSourceCondition } from './packs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name))
  .filter((folder) => existsSync(join(folder, 'package.json')));

describe(`the ${WORKSPACE_SOURCES} export condition`, () => {
  it.each(folders.map((folder) => [folder.slice(root.length), folder]))('%s: every JavaScript export lists it first, pointing at its source', (_name, folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    for (const [subpath, entry] of Object.entries(manifest.exports)) {
      if (typeof entry !== 'object' || entry === null) continue;
      const conditions = entry as Record<string, string | Record<string, string>>;
      expect(Object.keys(conditions)[0], `${subpath}`).toBe(WORKSPACE_SOURCES);
      const sourceOf = (built: string): string => built.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts');
      const development = conditions[WORKSPACE_SOURCES]!;
      // A browser variant (`browser` beside the Node entry) has its source under `development.browser`.
      const pairs: [string, string][] =
        typeof development === 'string'
          ? [[development, conditions['import'] as string]]
          : [
              [development['browser']!, (conditions['browser'] as Record<string, string>)['import']!],
              [development['default']!, conditions['import'] as string],
            ];
      for (const [source, built] of pairs) {
        expect(source, `${subpath}`).toBe(sourceOf(built));
        expect(existsSync(join(folder, source)), `${subpath} -> ${source}`).toBe(true);
      }
    }
  });

  it('is what vitest resolves @loadout/* through: another package resolves to its source file', () => {
    expect(import.meta.resolve('@loadout/core/utils')).toMatch(/\/packages\/core\/src\/utils\/index\.ts$/);
  });

  it('is stripped from the exports a pack publishes', () => {
    const exports = { '.': { development: './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js' }, './data': './dist/data.bin' };
    expect(withoutSourceCondition(exports)).toEqual({ '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './data': './dist/data.bin' });
  });

  it('is stripped from the imports a pack publishes (nested under it or beside browser)', () => {
    const imports = { '#x': { development: { browser: './src/x-browser.ts', default: './src/x.ts' }, browser: './dist/x-browser.js', default: './dist/x.js' } };
    expect(withoutSourceCondition(imports)).toEqual({ '#x': { browser: './dist/x-browser.js', default: './dist/x.js' } });
    expect(withoutSourceCondition(undefined)).toBeUndefined();
  });
});
