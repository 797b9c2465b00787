import { createEngine } from '@loadout/browser';
import { createLargeDemoCatalogInput, demoQueries } from '@loadout/demo-catalog';
import { describe, expect, it } from 'vitest';

describe('the 10,000-tool demo catalog, searched as the playground does', () => {
  it('shows ranking at scale: varied answers, and the demo queries still find their tools', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await engine.loadCatalog(createLargeDemoCatalogInput());
    const email = await engine.search('send an email to my boss', { limit: 10 });
    const names = email.hits.map((hit) => hit.tool.name);
    expect(email.hits[0]!.tool.displayName).toBe('mcp__gmail__send_email');
    expect(new Set(email.hits.map((hit) => hit.tool.server)).size).toBe(10);
    expect(new Set(names).size).toBeGreaterThanOrEqual(4);
    expect(names.filter((name) => name === 'send_email')).toHaveLength(1);

    let inTopThree = 0;
    for (const entry of demoQueries) {
      const result = await engine.search(entry.query, { limit: 3 });
      if (result.hits.some((hit) => hit.tool.displayName === entry.expected)) inTopThree++;
    }
    expect(inTopThree / demoQueries.length).toBeGreaterThanOrEqual(0.85);
    engine.dispose();
  });
});
