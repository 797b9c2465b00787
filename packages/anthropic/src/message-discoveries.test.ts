import { createDiscoverySession, discoveredNames } from '@loadout/core/adapter';
import type { DiscoverySessionSnapshot } from '@loadout/core/adapter';
import { describe, expect, it } from 'vitest';
import type { MessageParam } from './api-types.js';
import { conversationDiscoveries, messageDiscoveries } from './message-discoveries.js';

const user = (text: string): MessageParam => ({ role: 'user', content: text });
const searchCall = (id: string, query: string): MessageParam => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name: 'search_tools', input: { query } }],
});
const searchResult = (id: string, names: string[]): MessageParam => ({
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: id, content: names.map((name) => ({ type: 'tool_reference' as const, tool_name: name })) }],
});
const serverSearch = (id: string, names: string[]): MessageParam => ({
  role: 'assistant',
  content: [
    { type: 'server_tool_use', id, name: 'tool_search_tool_bm25', input: { query: 'x' } },
    {
      type: 'tool_search_tool_result',
      tool_use_id: id,
      content: { type: 'tool_search_tool_search_result', tool_references: names.map((name) => ({ type: 'tool_reference' as const, tool_name: name })) },
    },
    { type: 'text', text: 'found them' },
  ],
});

/** Core's session synced with a conversation, as `createMessagesClient` does before each request. */
const sync = (session: ReturnType<typeof createDiscoverySession>, messages: readonly MessageParam[]) => session.sync(conversationDiscoveries(messages));

describe('conversationDiscoveries', () => {
  it('reads tools loaded by tool_result references and by server-side search results, under their tool_use_id', () => {
    expect(conversationDiscoveries([user('hi'), searchCall('t1', 'slack'), searchResult('t1', ['slack_send', 'slack_search']), serverSearch('s1', ['github_issue'])])).toEqual([
      { callId: 't1', toolNames: ['slack_send', 'slack_search'] },
      { callId: 's1', toolNames: ['github_issue'] },
    ]);
  });

  it('ignores results without references and plain-text content', () => {
    const messages: MessageParam[] = [
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'no match' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'y', content: [{ type: 'text', text: 'ok' }] }] },
    ];
    expect(conversationDiscoveries(messages)).toEqual([]);
  });
});

describe('a discovery session synced with Anthropic messages', () => {
  it('records tools loaded by tool_result references and by server-side search results', () => {
    const session = createDiscoverySession();
    const conversation = [user('hi'), searchCall('t1', 'slack'), searchResult('t1', ['slack_send', 'slack_search'])];
    expect(sync(session, conversation)).toEqual({ loaded: ['slack_send', 'slack_search'], unloaded: [] });
    expect(sync(session, [...conversation, serverSearch('s1', ['github_issue', 'slack_send'])])).toEqual({ loaded: ['github_issue'], unloaded: [] });
    expect(session.loaded()).toEqual(['slack_send', 'slack_search', 'github_issue']);
    expect(session.discoveredIn('slack_send')).toEqual(['t1', 's1']);
  });

  it('changes nothing when the same conversation is synced again, even as copies', () => {
    const session = createDiscoverySession();
    const conversation = [searchCall('t1', 'q'), searchResult('t1', ['a'])];
    sync(session, conversation);
    expect(sync(session, JSON.parse(JSON.stringify(conversation)) as MessageParam[])).toEqual({ loaded: [], unloaded: [] });
  });

  it('unloads the tools of results that compaction dropped, and keeps a tool another result still loads', () => {
    const session = createDiscoverySession();
    const early = [user('start'), searchCall('t1', 'q'), searchResult('t1', ['a', 'b'])];
    const late = [searchCall('t2', 'q2'), searchResult('t2', ['b', 'c'])];
    sync(session, [...early, ...late]);
    const compacted = [user('Summary of earlier work.'), ...late];
    expect(sync(session, compacted)).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.isLoaded('a')).toBe(false);
    expect(session.isLoaded('b')).toBe(true);
    expect(sync(session, [user('Summary.')])).toEqual({ loaded: [], unloaded: ['b', 'c'] });
    expect(sync(session, [user('Summary.'), searchCall('t3', 'a'), searchResult('t3', ['a'])])).toEqual({ loaded: ['a'], unloaded: [] });
  });

  it('records a message under the caller id and compacts by it, untouched by sync', () => {
    const session = createDiscoverySession();
    session.record('m7', discoveredNames(messageDiscoveries(searchResult('t1', ['a']))));
    expect(discoveredNames(messageDiscoveries(user('nothing')))).toEqual([]);
    expect(sync(session, [])).toEqual({ loaded: [], unloaded: [] });
    expect(session.isLoaded('a')).toBe(true);
    expect(session.compact(['m7'])).toEqual({ loaded: [], unloaded: ['a'] });
  });

  it('round-trips through a JSON snapshot', () => {
    const session = createDiscoverySession();
    const conversation = [searchCall('t1', 'q'), searchResult('t1', ['a'])];
    sync(session, conversation);
    const snapshot = JSON.parse(JSON.stringify(session.snapshot())) as DiscoverySessionSnapshot;
    const restored = createDiscoverySession({ snapshot });
    expect(restored.loaded()).toEqual(['a']);
    expect(sync(restored, conversation)).toEqual({ loaded: [], unloaded: [] });
    expect(sync(restored, [])).toEqual({ loaded: [], unloaded: ['a'] });
  });
});
