import { createEngine } from '@loadout/browser';
import { createLargeDemoCatalogInput, demoQueries } from '@loadout/demo-catalog';
import { describe, expect, it } from 'vitest';
import { PLAYGROUND_ENGINE_CONFIG } from '../engine/create-playground-engine.js';

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

  it('completes the word being typed: from "create is" on, a create_issue tool ranks first at every keystroke', async () => {
    const engine = createEngine({ ...PLAYGROUND_ENGINE_CONFIG, indexStore: null, tokenizer: 'approximate' });
    await engine.loadCatalog(createLargeDemoCatalogInput());
    const typed = 'create issue';
    for (let length = 'create is'.length; length <= typed.length; length++) {
      const result = await engine.search(typed.slice(0, length), { limit: 5 });
      expect(result.hits[0]?.tool.name, typed.slice(0, length)).toBe('create_issue');
    }
    // Before the second word, the first one's tools: `cr` … `creat` find tools named create_….
    for (const prefix of ['cre', 'crea', 'creat']) expect((await engine.search(prefix, { limit: 5 })).hits[0]?.tool.name, prefix).toMatch(/^create/i);
    // After a space the word is typed out: nothing completes it.
    const plain = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await plain.loadCatalog(createLargeDemoCatalogInput());
    const top = async (from: typeof engine, query: string) => (await from.search(query, { limit: 5 })).hits.map((hit) => [hit.tool.displayName, hit.score]);
    for (const query of ['creat ', 'create issue ', 'create iss ']) expect(await top(engine, query), query).toEqual(await top(plain, query));
    expect(await top(engine, 'creat ')).toEqual([]);
    // Typed out without the space, the word's completions (issuetype) weigh less than it: the same top five as without completion.
    expect(await top(engine, 'create issue')).toEqual(await top(plain, 'create issue'));
    plain.dispose();
    engine.dispose();
  });
});
