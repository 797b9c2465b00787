import { describe, expect, it } from 'vitest';
import type { MessageParam, ToolDefinition } from '../api-types.js';
import { checkToolSearchRequest } from './check-tool-search-request.js';

const schema = { type: 'object' } as const;

describe('checkToolSearchRequest', () => {
  it('finds nothing wrong with a valid request', () => {
    const tools: ToolDefinition[] = [{ name: 'search_tools', input_schema: schema }, { name: 'a', input_schema: schema, defer_loading: true }];
    const messages: MessageParam[] = [
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'tool_reference', tool_name: 'a' }] }] },
    ];
    expect(checkToolSearchRequest({ tools, messages })).toEqual([]);
  });

  it('reports every broken rule', () => {
    const tools: ToolDefinition[] = [
      { name: 'a', input_schema: schema, defer_loading: true, cache_control: { type: 'ephemeral' } },
      { name: 'a', input_schema: schema, defer_loading: true },
    ];
    const messages: MessageParam[] = [
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'tool_reference', tool_name: 'gone' }] }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_search_tool_result',
            tool_use_id: 'srv1',
            content: { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'gone' }, { type: 'tool_reference', tool_name: 'other' }] },
          },
        ],
      },
    ];
    expect(checkToolSearchRequest({ tools, messages }).map((problem) => [problem.code, problem.toolName])).toEqual([
      ['deferred-cache-control', 'a'],
      ['duplicate-tool', 'a'],
      ['all-deferred', undefined],
      ['unknown-reference', 'gone'],
      ['unknown-reference', 'other'],
    ]);
  });
});
