import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalogText } from './load-catalog-text.js';

describe('loadCatalogText', () => {
  it('parses and validates in one step, keeping server settings', () => {
    const text = readFileSync(new URL('./__fixtures__/mcp-snapshot.json', import.meta.url), 'utf8');
    const catalog = loadCatalogText(text, { source: 'snapshot.json' });
    expect(catalog.tools).toHaveLength(3);
    expect(catalog.servers['notes']).toEqual({ alwaysLoad: true });
  });

  it('puts reading issues before validation issues and names the source', () => {
    const catalog = loadCatalogText('{"mcpServers":{"a":{}},"tools":{"a":[{"name":"x"},{"name":"x"}],"b":[]}}', { source: 'snap.json' });
    expect(catalog.issues.map((issue) => [issue.code, issue.source])).toEqual([
      ['catalog-unknown-server', 'snap.json'],
      ['catalog-duplicate-name', 'snap.json'],
    ]);
  });

  it('passes format and limits through', () => {
    expect(() => loadCatalogText('{"name":"a"}\n{"name":"b"}', { format: 'jsonl', maxTools: 1 })).toThrow(/2 tools.*limit of 1/);
  });
});
