import { describe, expect, it } from 'vitest';
import type { MessageParam } from '../api-types.js';
import { withoutToolSearch } from './without-tool-search.js';

describe('withoutToolSearch', () => {
  it('turns tool_reference content into a text line and keeps other content', () => {
    const messages: MessageParam[] = [
      { role: 'user', content: 'hello' },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [{ type: 'tool_reference', tool_name: 'a' }, { type: 'text', text: 'note' }, { type: 'tool_reference', tool_name: 'b' }],
          },
          { type: 'tool_result', tool_use_id: 't2', content: 'plain' },
        ],
      },
    ];
    const result = withoutToolSearch(messages);
    expect(result[0]).toBe(messages[0]);
    expect(result[1]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'note' }, { type: 'text', text: 'Loaded tools: a, b.' }] },
        { type: 'tool_result', tool_use_id: 't2', content: 'plain' },
      ],
    });
    expect((messages[1]!.content as { content: unknown[] }[])[0]!.content).toHaveLength(3);
  });

  it('turns server-side search blocks into text and leaves other server tools alone', () => {
    const messages: MessageParam[] = [
      {
        role: 'assistant',
        content: [
          { type: 'server_tool_use', id: 's1', name: 'tool_search_tool_regex', input: { pattern: 'slack' } },
          {
            type: 'tool_search_tool_result',
            tool_use_id: 's1',
            content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'slack_send' }] },
          },
          { type: 'server_tool_use', id: 's2', name: 'tool_search_tool_bm25', input: { query: 'x' } },
          { type: 'tool_search_tool_result', tool_use_id: 's2', content: { type: 'tool_search_tool_result_error', error_code: 'unavailable' } },
          { type: 'server_tool_use', id: 's3', name: 'web_search', input: { query: 'x' } },
        ],
      },
    ];
    expect(withoutToolSearch(messages)[0]!.content).toEqual([
      { type: 'text', text: 'Searched tools with {"pattern":"slack"}.' },
      { type: 'text', text: 'Tool search found: slack_send.' },
      { type: 'text', text: 'Searched tools with {"query":"x"}.' },
      { type: 'text', text: 'Tool search failed: unavailable.' },
      { type: 'server_tool_use', id: 's3', name: 'web_search', input: { query: 'x' } },
    ]);
  });
});
