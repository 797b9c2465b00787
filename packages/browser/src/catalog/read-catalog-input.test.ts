import { describe, it, expect } from 'vitest';
import { createCatalog, isLoadoutError } from '@loadout/core';
import { TOOLS } from '../__fixtures__/catalog.js';
import { catalogHash } from './catalog-hash.js';
import { readCatalogInput } from './read-catalog-input.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isLoadoutError(error) ? error.code : 'not-a-loadout-error';
  }
  return undefined;
}

describe('readCatalogInput', () => {
  it('reads JSON text, JSONL text, an array and { tools } to the same catalog and hash', () => {
    const fromObject = readCatalogInput({ tools: TOOLS });
    const fromArray = readCatalogInput(TOOLS);
    const fromJson = readCatalogInput(JSON.stringify({ tools: TOOLS }, null, 2));
    const fromJsonl = readCatalogInput(TOOLS.map((tool) => JSON.stringify(tool)).join('\n'));
    expect(fromObject.catalog.tools).toHaveLength(12);
    expect(fromObject.catalog.tools[0]!.displayName).toBe('mcp__files__read_file');
    for (const other of [fromArray, fromJson, fromJsonl]) expect(other.hash).toBe(fromObject.hash);
    expect(fromObject.hash).toMatch(/^v1-[0-9a-f]{16}-12$/);
  });

  it('keeps the tool inputs by identity (for the plan cache) and the server settings', () => {
    const read = readCatalogInput({ tools: TOOLS, servers: { mail: { alwaysLoad: true } } });
    expect(read.toolInputs).toBe(TOOLS);
    expect(read.servers['mail']).toEqual({ alwaysLoad: true });
    expect(read.servers['files']).toEqual({});
  });

  it('changes the hash when a description, a schema, the order or a server setting changes', () => {
    const base = readCatalogInput(TOOLS).hash;
    const edited = TOOLS.map((tool, index) => (index === 3 ? { ...tool, description: `${tool.description}!` } : tool));
    const schema = TOOLS.map((tool, index) => (index === 0 ? { ...tool, inputSchema: { type: 'object', properties: {} } } : tool));
    expect(readCatalogInput(edited).hash).not.toBe(base);
    expect(readCatalogInput(schema).hash).not.toBe(base);
    expect(readCatalogInput([...TOOLS].reverse()).hash).not.toBe(base);
    expect(readCatalogInput({ tools: TOOLS, servers: { git: { alwaysLoad: true } } }).hash).not.toBe(base);
  });

  it('hashes a schema that cannot be serialised (a cycle) without failing', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    schema['self'] = schema;
    const hash = catalogHash(createCatalog([{ name: 'a', inputSchema: schema as never }]));
    expect(hash).toMatch(/^v1-[0-9a-f]{16}-1$/);
    expect(readCatalogInput([{ name: 'a', inputSchema: { type: 'object', properties: {} } }]).hash).not.toBe(hash);
  });

  it('skips a tool whose schema refers to itself, as one nesting too deep', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    schema['self'] = schema;
    const read = readCatalogInput([{ name: 'a', inputSchema: schema as never }, { name: 'b' }]);
    expect(read.catalog.tools.map((tool) => tool.name)).toEqual(['b']);
    expect(read.catalog.issues[0]?.message).toMatch(/\("a"\) has an inputSchema that nests deeper than 1,000 levels \(or refers to itself\)/);
  });

  it('reads an MCP snapshot given as an object or as text', () => {
    const snapshot = { mcpServers: { git: { alwaysLoad: true } }, tools: { git: { tools: [{ name: 'status', description: 'Show status' }] }, ghost: [] } };
    const read = readCatalogInput(snapshot);
    expect(read.catalog.tools.map((tool) => tool.displayName)).toEqual(['mcp__git__status']);
    expect(read.servers['git']).toEqual({ alwaysLoad: true });
    expect(read.catalog.issues.map((issue) => issue.code)).toEqual(['catalog-unknown-server']);
    expect(readCatalogInput(JSON.stringify(snapshot)).hash).toBe(read.hash);
  });

  it('skips bad tools with coded issues, or throws the first one when strict', () => {
    const read = readCatalogInput([{ name: 'ok' }, { description: 'no name' } as never, { name: 'ok' }]);
    expect(read.catalog.tools).toHaveLength(1);
    expect(read.catalog.issues.map((issue) => issue.code)).toEqual(['catalog-missing-name', 'catalog-duplicate-name']);
    expect(codeOf(() => readCatalogInput([{ name: 'ok' }, { name: 'ok' }], { strict: true }))).toBe('catalog-duplicate-name');
  });

  describe('a tool whose inputSchema nests too deep', () => {
    const deepSchema = (levels: number): string => `${'{"x":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const text = (levels: number): string =>
      `[{"name":"deep_tool","description":"search deep","inputSchema":${deepSchema(levels)}},{"name":"web_search","description":"Search the web"}]`;

    it('is skipped with catalog-invalid-schema naming it, and the other tools load', () => {
      const read = readCatalogInput(text(5000), { source: 'deep.json' });
      expect(read.catalog.tools.map((tool) => tool.name)).toEqual(['web_search']);
      expect(read.catalog.byDisplayName.has('deep_tool')).toBe(false);
      expect(read.toolInputs).toHaveLength(1);
      expect(read.catalog.issues).toEqual([
        {
          code: 'catalog-invalid-schema',
          message: 'deep.json: tool at index 0 ("deep_tool") has an inputSchema that nests deeper than 1,000 levels (or refers to itself); flatten it or drop the tool',
          index: 0,
          name: 'deep_tool',
          source: 'deep.json',
        },
      ]);
      expect(read.hash).toBe(readCatalogInput([{ name: 'web_search', description: 'Search the web' }], { source: 'deep.json' }).hash);
    });

    it('loads at 1,000 levels, keeps issues in input order, and is thrown when strict', () => {
      expect(readCatalogInput(text(1000)).catalog.tools).toHaveLength(2);
      const mixed = JSON.parse(`[{"description":"no name"},${text(1001).slice(1, -1)}]`) as never[];
      expect(readCatalogInput(mixed).catalog.issues.map((issue) => [issue.code, issue.index])).toEqual([
        ['catalog-missing-name', 0],
        ['catalog-invalid-schema', 1],
      ]);
      expect(codeOf(() => readCatalogInput(text(1001), { strict: true }))).toBe('catalog-invalid-schema');
      expect(codeOf(() => readCatalogInput(mixed, { strict: true }))).toBe('catalog-missing-name');
      expect(codeOf(() => readCatalogInput(text(1001), { strict: true, maxTools: 1 }))).toBe('catalog-too-large');
    });

    it('skips a tool whose _meta nests too deep, with catalog-invalid-tool', () => {
      const meta = JSON.parse(`{"x":${'['.repeat(1001)}${']'.repeat(1001)}}`) as never;
      const read = readCatalogInput([{ name: 'a', _meta: meta }, { name: 'b' }]);
      expect(read.catalog.tools.map((tool) => tool.name)).toEqual(['b']);
      expect(read.catalog.issues.map((issue) => [issue.code, issue.message])).toEqual([
        ['catalog-invalid-tool', 'catalog: tool at index 0 ("a") has a _meta that nests deeper than 1,000 levels (or refers to itself); flatten it or drop the tool'],
      ]);
    });

    it('survives a schema nested 100,000 levels', () => {
      expect(readCatalogInput(text(100_000)).catalog.tools).toHaveLength(1);
    });
  });

  it('throws coded errors for malformed text, wrong shapes, non-catalog values and too many tools', () => {
    expect(codeOf(() => readCatalogInput('{"tools": [}'))).toBe('catalog-invalid-json');
    expect(codeOf(() => readCatalogInput('{"tool": []}'))).toBe('catalog-invalid-format');
    expect(codeOf(() => readCatalogInput({ nope: 1 } as never))).toBe('catalog-invalid-format');
    expect(codeOf(() => readCatalogInput({ tools: [], servers: 'x' } as never))).toBe('catalog-invalid-format');
    expect(codeOf(() => readCatalogInput(42 as never))).toBe('invalid-input');
    expect(codeOf(() => readCatalogInput(null as never))).toBe('invalid-input');
    expect(codeOf(() => readCatalogInput(TOOLS, { maxTools: 3 }))).toBe('catalog-too-large');
  });

  it('names the source and position of a JSON error', () => {
    try {
      readCatalogInput('[\n  {"name": "a"},\n  {"name": }\n]', { source: 'dropped.json' });
      expect.unreachable();
    } catch (error) {
      expect(isLoadoutError(error) && error.message).toMatch(/dropped\.json/);
      expect(isLoadoutError(error) && error.details['line']).toBe(3);
    }
  });

  it('refuses input with no tools with catalog-empty, naming the source', () => {
    expect(codeOf(() => readCatalogInput('  '))).toBe('catalog-empty');
    expect(codeOf(() => readCatalogInput([]))).toBe('catalog-empty');
    expect(() => readCatalogInput('[]', { source: 'tools.json' })).toThrow('tools.json holds no tools');
  });
});
