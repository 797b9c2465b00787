import { createCatalog } from '@loadout/core';
import { demoCatalogInput } from '@loadout/demo-catalog';
import { describe, expect, it } from 'vitest';
import { synthesizeCatalog } from './synthesize-catalog.js';

describe('synthesizeCatalog', () => {
  const large = synthesizeCatalog(demoCatalogInput);

  it('makes exactly 10,000 valid, uniquely named tools that one catalog accepts', () => {
    expect(large.tools).toHaveLength(10_000);
    const catalog = createCatalog(large.tools, { servers: large.servers, strict: true });
    expect(catalog.tools).toHaveLength(10_000);
    expect(new Set(catalog.tools.map((tool) => tool.displayName)).size).toBe(10_000);
  });

  it('keeps the base catalog first and unchanged', () => {
    expect(large.tools.slice(0, demoCatalogInput.tools.length)).toEqual(demoCatalogInput.tools);
  });

  it('copies MCP servers as workspaces, with their settings and tagged descriptions', () => {
    const copy = large.tools.find((tool) => tool.server === 'github-acme' && tool.name === 'create_pull_request');
    expect(copy?.description).toMatch(/\(acme workspace\)$/);
    expect(large.servers['google-calendar-acme']).toEqual(demoCatalogInput.servers['google-calendar']);
    expect(large.tools.slice(demoCatalogInput.tools.length).every((tool) => tool.kind !== 'core')).toBe(true);
  });

  it('is deterministic and honours other sizes', () => {
    expect(synthesizeCatalog(demoCatalogInput)).toEqual(large);
    expect(synthesizeCatalog(demoCatalogInput, 500).tools).toHaveLength(500);
  });

  it('rejects a size smaller than the base or not an integer', () => {
    expect(() => synthesizeCatalog(demoCatalogInput, 10)).toThrow(RangeError);
    expect(() => synthesizeCatalog(demoCatalogInput, 1000.5)).toThrow(RangeError);
    expect(() => synthesizeCatalog({ tools: [{ name: 'Bash', kind: 'core' }], servers: {} }, 5)).toThrow(/no MCP tools/);
  });
});
