import { makeTool, makeTools } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { createBm25Ranker } from '../bm25f/create-bm25-ranker.js';
import { createWinkBm25Ranker } from './create-wink-bm25-ranker.js';

const tools = makeTools([
  { name: 'send_email', description: 'Send an email message to a recipient' },
  { name: 'read_email', description: 'Read email from the inbox' },
  { name: 'list_files', description: 'List files in a folder' },
  { name: 'search_slack', server: 'slack', description: 'Search Slack messages by keyword, channel or date' },
]);
const names = (hits: readonly { tool: { name: string } }[]): string[] => hits.map((hit) => hit.tool.name);

describe('createWinkBm25Ranker', () => {
  it('is a v1 ranker named wink-bm25 that ranks by BM25F', () => {
    const ranker = createWinkBm25Ranker();
    ranker.index(tools);
    expect(ranker.name).toBe('wink-bm25');
    expect(ranker.size).toBe(4);
    expect(names(ranker.search('send an email'))[0]).toBe('send_email');
    // `messages` meets `message` (plurals are stemmed), so search_slack matches both words of the third query.
    expect(names(ranker.search('slack messages'))).toEqual(['search_slack', 'send_email']);
    expect(names(ranker.search('message to the channel'))).toEqual(['search_slack', 'send_email']);
    expect(ranker.search('zebra')).toEqual([]);
  });

  it('agrees with bm25f on the top tool for simple queries', () => {
    const wink = createWinkBm25Ranker();
    wink.index(tools);
    const bm25f = createBm25Ranker();
    bm25f.index(tools);
    for (const query of ['send email', 'files in folder', 'search slack', 'inbox']) {
      expect(names(wink.search(query, { limit: 1 }))).toEqual(names(bm25f.search(query, { limit: 1 })));
    }
  });

  it('honours limit, filter and explain', () => {
    const ranker = createWinkBm25Ranker();
    ranker.index(tools);
    expect(ranker.search('email', { limit: 1 })).toHaveLength(1);
    expect(names(ranker.search('email', { filter: (tool) => tool.name !== 'send_email' }))).toEqual(['read_email']);
    const [hit] = ranker.search('read the email', { explain: true, limit: 1 });
    expect(hit!.explanation!.matchedTerms).toEqual(['read', 'email']);
    expect(hit!.explanation!.components['winkBm25']).toBe(hit!.score);
  });

  it('rebuilds after add and remove (the library cannot add after consolidating)', () => {
    const ranker = createWinkBm25Ranker();
    ranker.index(tools);
    ranker.add([makeTool({ name: 'fax_sender', description: 'Send a fax' }), makeTool({ name: 'read_email', description: 'Open the mailbox' })]);
    expect(ranker.size).toBe(5);
    expect(names(ranker.search('fax'))).toEqual(['fax_sender']);
    expect(names(ranker.search('mailbox'))).toEqual(['read_email']);
    expect(names(ranker.search('inbox'))).toEqual([]);
    ranker.remove(['fax_sender']);
    expect(ranker.search('fax')).toEqual([]);
    expect(ranker.size).toBe(4);
  });

  it('works with fewer than three tools and with none', () => {
    const ranker = createWinkBm25Ranker();
    expect(ranker.search('anything')).toEqual([]);
    ranker.index([makeTool({ name: 'only_tool', description: 'The one tool' })]);
    expect(names(ranker.search('only tool'))).toEqual(['only_tool']);
    ranker.remove(['only_tool']);
    expect(ranker.search('only')).toEqual([]);
  });
});
