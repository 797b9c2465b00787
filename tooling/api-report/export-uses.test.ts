import { describe, expect, it } from 'vitest';
import { documentedWords, exportUses } from './export-uses.js';

const names = (uses: ReturnType<typeof exportUses>, specifier: string): string[] | '*' | undefined => {
  const value = uses.get(specifier);
  return value === undefined || value === '*' ? value : [...value].sort();
};

describe('exportUses', () => {
  it('reads named imports, type imports and re-exports by their exported names', () => {
    const uses = exportUses(
      'a.ts',
      [
        "import { createBm25Ranker, TOOL_FIELDS as fields } from '@loadout/bm25';",
        "import type { Bm25Ranker } from '@loadout/bm25';",
        "import defaultThing from '@loadout/demo-catalog';",
        "export { readTextFile } from '@loadout/eval/files';",
        "export * from '@loadout/tokens';",
        "import { join } from 'node:path';",
      ].join('\n'),
    );
    expect(names(uses, '@loadout/bm25')).toEqual(['Bm25Ranker', 'TOOL_FIELDS', 'createBm25Ranker']);
    expect(names(uses, '@loadout/demo-catalog')).toEqual(['default']);
    expect(names(uses, '@loadout/eval/files')).toEqual(['readTextFile']);
    expect(names(uses, '@loadout/tokens')).toBe('*');
    expect(uses.has('node:path')).toBe(false);
  });

  it('counts the words of the file for namespace imports, dynamic imports and JSDoc import types', () => {
    const uses = exportUses(
      'b.mjs',
      [
        "import * as mcp from '@loadout/mcp';",
        'mcp.createGateway();',
        "const { createRerankRanker } = await import('@loadout/learn/rerank');",
        "/** @type {import('@loadout/core').Mod} */",
        'export default {};',
      ].join('\n'),
    );
    expect(names(uses, '@loadout/mcp')).toContain('createGateway');
    expect(names(uses, '@loadout/learn/rerank')).toContain('createRerankRanker');
    expect(names(uses, '@loadout/core')).toContain('Mod');
  });

  it('ignores specifiers that are not a package or one subpath of it', () => {
    expect(exportUses('c.ts', "import { x } from '@loadout/core/a/b';").size).toBe(0);
  });
});

describe('documentedWords', () => {
  it('takes identifiers from fenced blocks and inline code, not from prose', () => {
    const words = documentedWords(['Use `createBm25Ranker()` here; prose names loadEverything.', '', '```ts', "import { withQuerySyntax } from '@loadout/core';", '```', ''].join('\n'));
    expect(words.has('createBm25Ranker')).toBe(true);
    expect(words.has('withQuerySyntax')).toBe(true);
    expect(words.has('loadEverything')).toBe(false);
  });
});
