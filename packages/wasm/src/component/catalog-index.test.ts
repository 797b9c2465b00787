import { describe, expect, it } from 'vitest';
import { CatalogIndex } from './catalog-index.js';

const catalog = JSON.stringify([{ name: 'search_web', description: 'search the web' }]);

describe('CatalogIndex messages', () => {
  it('words an empty query and a bad limit for index.search, not for the CLI', () => {
    const index = CatalogIndex.fromCatalog(catalog, 'tools.json');
    expect(() => index.search('  ', 5)).toThrow(expect.objectContaining({ code: 'query-empty', message: expect.stringMatching(/^index\.search: the query is empty/) }));
    expect(() => index.search('web', 0)).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: 'index.search: limit must be an integer from 1 to 100, got "0"' }),
    );
    expect(() => index.search('web '.repeat(200), 5)).toThrow(
      expect.objectContaining({ code: 'query-too-long', message: expect.stringMatching(/^index\.search: tool search query "web web .* is 799 characters long; the limit is 500$/) }),
    );
    for (const call of [() => index.search('  ', 5), () => index.search('web', 500)]) {
      expect(call).toThrow(expect.objectContaining({ message: expect.not.stringMatching(/--limit|loadout search/) }));
    }
  });

  it('says from-saved reads what save wrote, not a loadout index file, naming the argument rather than a package', () => {
    const prebuilt = new TextEncoder().encode('LDIX not the saved bytes');
    expect(() => CatalogIndex.fromSaved(catalog, 'tools.json', prebuilt)).toThrow(
      expect.objectContaining({ code: 'index-corrupt', message: expect.stringContaining('index.from-saved reads the bytes index.save wrote for this catalog, not a `loadout index` file') }),
    );
    const saved = CatalogIndex.fromCatalog(catalog, 'tools.json').save();
    const otherVersion = Uint8Array.from(saved);
    otherVersion[4] = 9;
    expect(() => CatalogIndex.fromSaved(catalog, 'tools.json', otherVersion)).toThrow(
      expect.objectContaining({ code: 'index-corrupt', message: expect.stringMatching(/^index\.from-saved: saved is corrupt or does not fit the catalog \(unsupported format version 9\); /) }),
    );
    expect(JSON.parse(CatalogIndex.fromSaved(catalog, 'tools.json', saved).search('web', 1)).hits[0].name).toBe('search_web');
  });
});

describe('CatalogIndex max-tools', () => {
  const tools = (count: number): string => JSON.stringify(Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, description: `does thing ${index}` })));

  it('refuses more than 10,000 tools by default, saying how to accept more, and accepts them with max-tools', () => {
    const big = tools(10_193);
    expect(() => CatalogIndex.fromCatalog(big, 'mix10k.jsonl')).toThrow(
      expect.objectContaining({ code: 'catalog-too-large', message: expect.stringContaining('; index.from-catalog-max-tools accepts up to 400,000') }),
    );
    const index = CatalogIndex.fromCatalog(big, 'mix10k.jsonl', 20_000);
    expect(JSON.parse(index.search('thing 10192', 1)).tools).toBe(10_193);
    expect(() => CatalogIndex.fromCatalog(tools(3), 'small.json', 2)).toThrow(expect.objectContaining({ code: 'catalog-too-large' }));
    const restored = CatalogIndex.fromSaved(big, 'mix10k.jsonl', index.save());
    expect(JSON.parse(restored.search('thing', 1)).tools).toBe(10_193);
  });

  it('refuses a max-tools outside 1 to 400,000, the most the component was measured to index', () => {
    expect(JSON.parse(CatalogIndex.fromCatalog(tools(1), 'small.json', 400_000).search('thing', 1)).tools).toBe(1);
    for (const value of [0, 400_001, 1_000_000, 2.5]) {
      expect(() => CatalogIndex.fromCatalog(tools(1), 'small.json', value)).toThrow(
        expect.objectContaining({ code: 'invalid-option', message: `index.from-catalog-max-tools: max-tools must be an integer from 1 to 400,000, got "${value}"` }),
      );
    }
  });
});
