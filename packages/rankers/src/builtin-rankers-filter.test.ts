import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import type { CatalogTool, Ranker, RankerUsageField } from '@loadout/core';
import { applyQueryKind, usageRankerFactory, withCheckedResults } from '@loadout/core/plugins';
import { LEXICAL_RERANK_MODEL } from '@loadout/learn/rerank';
import { createBuiltinRegistry } from './create-builtin-registry.js';

// Every built-in ranker honours a search's `filter` (the one `+term` queries hand it), so the
// result check that refuses a hit the filter rejects (checkRankerResult) never fails one of them.
const tools = createCatalog([
  { name: 'send_message', server: 'slack', description: 'Send a message to a Slack channel' },
  { name: 'schedule_message', server: 'slack', description: 'Schedule a message to post later in a channel' },
  { name: 'list_channels', server: 'slack', description: 'List the channels of a workspace' },
  { name: 'send_email', server: 'gmail', description: 'Send an email message to a recipient' },
  { name: 'send_message', server: 'teams', description: 'Send a message to a Teams chat or channel' },
  { name: 'post_message', server: 'discord', description: 'Post a message in a Discord channel' },
  { name: 'send_sms', server: 'twilio', description: 'Send a text message to a phone number' },
  { name: 'read_file', server: 'fs', description: 'Read a file from disk' },
  { name: 'create_issue', server: 'github', description: 'Open an issue with a message body' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
]).tools;

const usage: RankerUsageField = { weight: 1, text: (tool: CatalogTool) => (tool.server === 'gmail' ? 'send a message to my boss' : undefined) };
const registry = createBuiltinRegistry();

/** Each built-in, and the learned variants `--feedback` builds (usage, a re-ranking model). */
const variants: readonly (readonly [string, () => Promise<Ranker>])[] = [
  ...registry.rankers.map((definition) => [definition.name, () => registry.createRanker(definition.name, undefined, false)] as const),
  ['static-embedding (hnsw)', () => registry.createRanker('static-embedding', { vectorIndex: 'hnsw' }, false)],
  ['bm25f with usage', () => usageRankerFactory(registry.ranker('bm25f'))!(usage)],
  ['bm25f with a model', () => usageRankerFactory(registry.ranker('bm25f'))!({ ...usage, model: LEXICAL_RERANK_MODEL })],
  ['rerank with usage', () => usageRankerFactory(registry.ranker('rerank'))!(usage)],
];

const notSlack = (tool: CatalogTool): boolean => tool.server !== 'slack';

describe('every built-in ranker honours filter', () => {
  it.each(variants)('%s: only tools the filter allows, checked by withCheckedResults', async (label, create) => {
    const checked = withCheckedResults(await create());
    await checked.index(tools);
    const query = label === 'regex' ? 'message' : 'send a message';
    for (const explain of [false, true]) {
      for (const limit of [1, 3, 10]) {
        const hits = await checked.search(query, { limit, filter: notSlack, explain });
        expect(hits.length, `${label} limit ${limit}`).toBeGreaterThan(0);
        expect(hits.every((hit) => notSlack(hit.tool))).toBe(true);
      }
      expect(await checked.search(query, { limit: 5, filter: () => false, explain })).toEqual([]);
    }
  });

  it.each(variants.filter(([label]) => label !== 'regex'))('%s: +slack queries answer slack tools only, named ones first', async (label, create) => {
    const ranker = await create();
    const definition = registry.ranker(label.split(' ')[0]!);
    const searched = applyQueryKind(definition, withCheckedResults(ranker));
    await searched.index(tools);
    for (const query of ['+slack send a message', '+slack send_message', '+slack +channel post', '+slack list channels', '+github message']) {
      const hits = await searched.search(query, { limit: 5 });
      const required = [...query.matchAll(/\+(\w+)/g)].map((match) => match[1]!);
      expect(hits.length, query).toBeGreaterThan(0);
      for (const hit of hits) expect(required.every((term) => JSON.stringify(hit.tool).toLowerCase().includes(term)), `${label}: ${query}: ${hit.tool.displayName}`).toBe(true);
    }
  });
});
