import { createCatalog } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { demoCatalogInput } from '../demo-catalog.js';
import { createLargeDemoCatalogInput } from './large-demo-catalog.js';

describe('createLargeDemoCatalogInput', () => {
  const large = createLargeDemoCatalogInput();

  it('makes exactly 10,000 valid, uniquely named tools that one catalog accepts', () => {
    expect(large.tools).toHaveLength(10_000);
    const catalog = createCatalog(large.tools, { servers: large.servers, strict: true });
    expect(catalog.tools).toHaveLength(10_000);
    expect(new Set(catalog.tools.map((tool) => tool.displayName)).size).toBe(10_000);
  });

  it('keeps the demo catalog first and unchanged', () => {
    expect(large.tools.slice(0, demoCatalogInput.tools.length)).toEqual(demoCatalogInput.tools);
  });

  it('is made of hundreds of different services, not copies of a few', () => {
    const synthesized = large.tools.slice(demoCatalogInput.tools.length);
    const servers = new Set(synthesized.map((tool) => tool.server));
    expect(servers.size).toBeGreaterThan(500);
    // Names repeat across brands of one kind of product, as in real catalogs, but no name dominates.
    const byName = new Map<string, number>();
    for (const tool of synthesized) byName.set(tool.name, (byName.get(tool.name) ?? 0) + 1);
    expect(byName.size).toBeGreaterThan(2000);
    expect(Math.max(...byName.values())).toBeLessThan(40);
    // Descriptions name their own brand; the full text of a definition is almost never repeated.
    const definitions = new Set(synthesized.map((tool) => JSON.stringify([tool.name, tool.description, tool.inputSchema])));
    expect(definitions.size).toBe(synthesized.length);
    expect(synthesized.every((tool) => tool.kind === 'mcp' && typeof tool.description === 'string' && tool.description.length > 20)).toBe(true);
  });

  it('is deterministic, honours smaller sizes and rejects others', () => {
    expect(createLargeDemoCatalogInput()).toEqual(large);
    expect(createLargeDemoCatalogInput(500).tools).toEqual(large.tools.slice(0, 500));
    expect(() => createLargeDemoCatalogInput(10)).toThrow(RangeError);
    expect(() => createLargeDemoCatalogInput(10_001)).toThrow(RangeError);
    expect(() => createLargeDemoCatalogInput(1000.5)).toThrow(RangeError);
  });
});
