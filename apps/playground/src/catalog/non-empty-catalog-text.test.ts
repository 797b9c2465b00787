import { describe, expect, it } from 'vitest';
import { EMPTY_CHECK_CHARS, nonEmptyCatalogText } from './non-empty-catalog-text.js';

describe('nonEmptyCatalogText', () => {
  it('refuses text with no tools with catalog-empty, naming the source', () => {
    for (const text of ['', '   \n\t', '\ufeff', '[]', ' [ ] ', '{"tools":[]}', '{"mcpServers":{}}', ' '.repeat(EMPTY_CHECK_CHARS + 1)]) {
      expect(() => nonEmptyCatalogText(text, 'pasted catalog'), JSON.stringify(text.slice(0, 20))).toThrow(
        expect.objectContaining({ code: 'catalog-empty', message: 'pasted catalog holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)' }),
      );
    }
  });

  it('passes a catalog, malformed text (the engine reports it) and long text through unchanged', () => {
    for (const text of ['[{"name":"a"}]', '{"name":"a"}\n{"name":"b"}\n', '{ "tools": [ {', '{}', `[${' '.repeat(EMPTY_CHECK_CHARS)}]`]) {
      expect(nonEmptyCatalogText(text, 'pasted catalog')).toBe(text);
    }
  });
});
