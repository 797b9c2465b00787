import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import type { LoadoutError } from '../errors/loadout-error.js';
import { createCatalog } from './create-catalog.js';
import { parseCatalogText } from './parse-catalog-text.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

function thrown(action: () => unknown): LoadoutError {
  try {
    action();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('parseCatalogText', () => {
  it('reads a JSON array of tools', () => {
    expect(parseCatalogText('[{"name":"a"},{"name":"b","server":"s"}]')).toEqual({
      tools: [{ name: 'a' }, { name: 'b', server: 's' }],
      servers: {},
      issues: [],
    });
  });

  it('reads { tools, servers }', () => {
    const parsed = parseCatalogText('{"tools":[{"name":"a","server":"s"}],"servers":{"s":{"alwaysLoad":true}}}');
    expect(parsed.tools).toEqual([{ name: 'a', server: 's' }]);
    expect(parsed.servers).toEqual({ s: { alwaysLoad: true } });
  });

  it('reads JSONL with blank lines, CRLF and a BOM', () => {
    const parsed = parseCatalogText('\uFEFF{"name":"a"}\r\n\r\n{"name":"b"}\n');
    expect(parsed.tools).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('loads the eval data format as-is', () => {
    const parsed = parseCatalogText(fixture('eval-format.jsonl'));
    const catalog = createCatalog(parsed.tools);
    expect(catalog.issues).toEqual([]);
    expect(catalog.tools.map((tool) => tool.displayName)).toEqual([
      'mcp__weather__weather::current',
      'mcp__weather__weather::forecast',
      'convert_units',
    ]);
    expect(catalog.tools[1]!.inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('reads an MCP snapshot: servers, alwaysLoad, listings as tools/list results or arrays', () => {
    const parsed = parseCatalogText(fixture('mcp-snapshot.json'));
    expect(parsed.servers).toEqual({ github: {}, notes: { alwaysLoad: true } });
    expect(parsed.issues).toEqual([]);
    const catalog = createCatalog(parsed.tools, { servers: parsed.servers });
    expect(catalog.tools.map((tool) => [tool.displayName, tool.kind, tool.alwaysLoad])).toEqual([
      ['mcp__github__create_issue', 'mcp', false],
      ['mcp__github__get_me', 'mcp', true],
      ['mcp__notes__search_notes', 'mcp', false],
    ]);
  });

  it('reports snapshot listings for servers missing from mcpServers', () => {
    const parsed = parseCatalogText('{"mcpServers":{"a":{}},"tools":{"a":[{"name":"x"}],"ghost":[{"name":"y"}]}}', { source: 'snap.json' });
    expect(parsed.tools).toEqual([{ name: 'x', server: 'a', kind: 'mcp' }]);
    expect(parsed.issues).toEqual([expect.objectContaining({ code: 'catalog-unknown-server', name: 'ghost', source: 'snap.json' })]);
  });

  it('treats a single-line tool object as one tool in auto mode only', () => {
    expect(parseCatalogText('{"name":"solo"}').tools).toEqual([{ name: 'solo' }]);
    expect(parseCatalogText('{"name":"solo"}', { format: 'jsonl' }).tools).toEqual([{ name: 'solo' }]);
    expect(thrown(() => parseCatalogText('{"name":"solo"}', { format: 'json' })).code).toBe('catalog-invalid-format');
  });

  it('treats empty text as an empty catalog, except in json format', () => {
    expect(parseCatalogText('  \n').tools).toEqual([]);
    expect(thrown(() => parseCatalogText('', { format: 'json' })).code).toBe('catalog-invalid-json');
  });

  it('names the line of a bad JSONL line', () => {
    const error = thrown(() => parseCatalogText('{"name":"a"}\n\n{"name":}\n', { source: 'tools.jsonl' }));
    expect(error.code).toBe('catalog-invalid-json');
    expect(error.message).toMatch(/^tools\.jsonl: invalid JSON at line 3, column 9/);
    expect(error.details).toMatchObject({ line: 3, column: 9 });
  });

  it('names line, column and position of malformed JSON', () => {
    const error = thrown(() => parseCatalogText('[\n  {"name": "a",}\n]'));
    expect(error.code).toBe('catalog-invalid-json');
    expect(error.details).toMatchObject({ line: 2, column: 16, position: 17 });
    expect(error.message).toContain('line 2, column 16 (position 17)');
  });

  it.each([
    ['a number', '42'],
    ['an object without tools', '{"catalog": []}'],
    ['tools that are not an array', '{"tools": {"name": "a"}}'],
  ])('rejects %s as catalog-invalid-format', (_, text) => {
    const error = thrown(() => parseCatalogText(text, { format: 'json', source: 'x.json' }));
    expect(error.code).toBe('catalog-invalid-format');
    expect(error.message).toContain('x.json');
  });

  it('rejects bad server settings and bad listings', () => {
    expect(thrown(() => parseCatalogText('{"tools":[],"servers":{"s":{"alwaysLoad":1}}}')).message).toContain('"s"');
    expect(thrown(() => parseCatalogText('{"tools":[],"servers":[]}')).message).toContain('servers must be an object');
    expect(thrown(() => parseCatalogText('{"mcpServers":{"s":{}},"tools":{"s":"nope"}}')).code).toBe('catalog-invalid-format');
    expect(thrown(() => parseCatalogText('[]', { format: 'yaml' as never })).code).toBe('invalid-option');
  });
});
