import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import type { MessageParam } from '../api-types.js';
import { createToolSearchSession } from './create-tool-search-session.js';
import type { ToolSearchSessionSnapshot } from './tool-search-session-types.js';

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

describe('createToolSearchSession: sync', () => {
  it('records tools loaded by tool_result references and by server-side search results', () => {
    const session = createToolSearchSession();
    const conversation = [user('hi'), searchCall('t1', 'slack'), searchResult('t1', ['slack_send', 'slack_search'])];
    expect(session.sync(conversation)).toEqual({ loaded: ['slack_send', 'slack_search'], unloaded: [] });
    expect(session.sync([...conversation, serverSearch('s1', ['github_issue', 'slack_send'])])).toEqual({ loaded: ['github_issue'], unloaded: [] });
    expect(session.loaded()).toEqual(['slack_send', 'slack_search', 'github_issue']);
    expect(session.discoveredIn('slack_send')).toEqual(['t1', 's1']);
  });

  it('changes nothing when the same conversation is synced again, even as copies', () => {
    const session = createToolSearchSession();
    const conversation = [searchCall('t1', 'q'), searchResult('t1', ['a'])];
    session.sync(conversation);
    expect(session.sync(JSON.parse(JSON.stringify(conversation)) as MessageParam[])).toEqual({ loaded: [], unloaded: [] });
  });

  it('unloads the tools of results that compaction dropped, and keeps a tool another result still loads', () => {
    const session = createToolSearchSession();
    const early = [user('start'), searchCall('t1', 'q'), searchResult('t1', ['a', 'b'])];
    const late = [searchCall('t2', 'q2'), searchResult('t2', ['b', 'c'])];
    session.sync([...early, ...late]);
    const compacted = [user('Summary of earlier work.'), ...late];
    expect(session.sync(compacted)).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.isLoaded('a')).toBe(false);
    expect(session.isLoaded('b')).toBe(true);
    expect(session.sync([user('Summary.')])).toEqual({ loaded: [], unloaded: ['b', 'c'] });
    expect(session.sync([user('Summary.'), searchCall('t3', 'a'), searchResult('t3', ['a'])])).toEqual({ loaded: ['a'], unloaded: [] });
  });

  it('ignores results without references and plain-text content', () => {
    const session = createToolSearchSession();
    const messages: MessageParam[] = [
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'no match' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'y', content: [{ type: 'text', text: 'ok' }] }] },
    ];
    expect(session.sync(messages)).toEqual({ loaded: [], unloaded: [] });
  });
});

describe('createToolSearchSession: message ids', () => {
  it('records a message under the caller id and compacts by it, untouched by sync', () => {
    const session = createToolSearchSession();
    expect(session.recordMessage('m7', searchResult('t1', ['a']))).toEqual(['a']);
    expect(session.recordMessage('m8', user('nothing'))).toEqual([]);
    expect(session.sync([])).toEqual({ loaded: [], unloaded: [] });
    expect(session.isLoaded('a')).toBe(true);
    expect(session.compact(['m7'])).toEqual({ loaded: [], unloaded: ['a'] });
  });

  it('round-trips through a JSON snapshot and resets', () => {
    const session = createToolSearchSession();
    const conversation = [searchCall('t1', 'q'), searchResult('t1', ['a'])];
    session.sync(conversation);
    const snapshot = JSON.parse(JSON.stringify(session.snapshot())) as ToolSearchSessionSnapshot;
    const restored = createToolSearchSession({ snapshot });
    expect(restored.loaded()).toEqual(['a']);
    expect(restored.sync(conversation)).toEqual({ loaded: [], unloaded: [] });
    expect(restored.sync([])).toEqual({ loaded: [], unloaded: ['a'] });
    session.reset();
    expect(session.loaded()).toEqual([]);
    let caught: unknown;
    try {
      createToolSearchSession({ snapshot: { version: 2 } as never });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-input');
  });
});
