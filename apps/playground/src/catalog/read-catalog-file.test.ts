import { createEngine, encodePrebuiltIndex } from '@loadout/browser';
import { describe, expect, it } from 'vitest';
import { readCatalogFile } from './read-catalog-file.js';

const file = (bytes: readonly number[] | string, name = 'tools.json'): File => new File([typeof bytes === 'string' ? bytes : Uint8Array.from(bytes)], name);

describe('readCatalogFile', () => {
  it('refuses a Latin-1 file with file-not-text, as <loadout-search> does, instead of names with U+FFFD', async () => {
    // [{"name":"café"}] with é as the Latin-1 byte 0xE9.
    const latin1 = [...new TextEncoder().encode('[{"name":"caf')].concat(0xe9, ...new TextEncoder().encode('"}]'));
    await expect(readCatalogFile(file(latin1, 'latin1.json'))).rejects.toMatchObject({
      code: 'file-not-text',
      message: 'latin1.json is not a UTF-8 text file: it is not valid UTF-8 (Latin-1 or another legacy encoding?); save it as UTF-8',
      details: { file: 'latin1.json', encoding: 'invalid-utf-8' },
    });
  });

  it('refuses UTF-16 with the command that converts it, and binary data', async () => {
    const utf16 = [0xff, 0xfe, ...[...'[{"name":"a"}]'].flatMap((char) => [char.charCodeAt(0), 0])];
    await expect(readCatalogFile(file(utf16))).rejects.toMatchObject({ code: 'file-not-text', message: expect.stringContaining('iconv -f UTF-16LE -t UTF-8') });
    await expect(readCatalogFile(file([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 0, 0, 0]))).rejects.toMatchObject({ code: 'file-not-text', message: expect.stringContaining('binary data') });
  });

  it('decodes UTF-8 text, dropping a byte-order mark', async () => {
    const text = '[{"name":"café","description":"日本語"}]';
    expect(await readCatalogFile(file([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({ input: text, index: false });
  });

  it('passes a file that holds no tools on as text, which the engine refuses with catalog-empty naming the file', async () => {
    const engine = createEngine({ indexStore: null });
    for (const bytes of ['', ' \n', [0xef, 0xbb, 0xbf], '[]', '{ "tools": [] }', '{"mcpServers":{}}']) {
      const read = await readCatalogFile(file(bytes, 'empty.json'));
      await expect(engine.loadCatalog(read.input, { source: 'empty.json' }), JSON.stringify(bytes)).rejects.toMatchObject({
        code: 'catalog-empty',
        message: 'empty.json holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)',
      });
    }
  });

  it('passes an index file that loadout index wrote on as bytes, marked as an index', async () => {
    const bytes = encodePrebuiltIndex({ ranker: 'bm25f', format: 'lbmf2', catalog: '{"tools":[{"name":"a"}]}', index: Uint8Array.of(1, 2, 3) });
    const read = await readCatalogFile(file([...bytes], 'tools.index'));
    expect(read.index).toBe(true);
    expect(read.input).toEqual(bytes);
  });
});
