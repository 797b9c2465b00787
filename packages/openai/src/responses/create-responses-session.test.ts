import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createResponsesSession } from './create-responses-session.js';
import type { ResponsesSessionSnapshot } from './create-responses-session.js';

const searchOutput = (callId: string, name: string) => ({ type: 'tool_search_output', call_id: callId, execution: 'client', status: 'completed', tools: [{ type: 'function', name }] });

describe('createResponsesSession', () => {
  it('continues a previous_response_id chain from a snapshot after a JSON round trip, with plain search calls and unloads', () => {
    const session = createResponsesSession();
    session.sync([searchOutput('call_s1', 'weather'), searchOutput('call_s2', 'slack')] as never);
    session.commit({ id: 'resp_1', output: [{ type: 'function_call', name: 'search_tools', call_id: 'call_p1' }] } as never, 'search_tools');
    session.unload(['slack']);
    const snapshot = JSON.parse(JSON.stringify(session.snapshot())) as ResponsesSessionSnapshot;
    const restored = createResponsesSession({ snapshot });
    const plainAnswer = { type: 'function_call_output', call_id: 'call_p1', output: JSON.stringify({ loaded: ['github'] }) };
    expect(restored.sync([plainAnswer] as never, 'resp_1')).toEqual({ loaded: ['github'], unloaded: [] });
    expect(restored.loaded()).toEqual(['weather', 'github']);
    expect(createResponsesSession().sync([plainAnswer] as never, 'resp_1')).toEqual({ loaded: [], unloaded: [] });
  });

  it.each([
    ['no version', { responses: [], plainCalls: [], discoveries: { version: 2, tools: [], synced: [] } }],
    ['a response without answers', { version: 1, responses: [{ id: 'r' }], plainCalls: [], discoveries: { version: 2, tools: [], synced: [] } }],
    ['plain calls that are not strings', { version: 1, responses: [], plainCalls: [1], discoveries: { version: 2, tools: [], synced: [] } }],
  ])('refuses a snapshot with %s (invalid-input)', (_, snapshot) => {
    let caught: unknown;
    try {
      createResponsesSession({ snapshot: snapshot as never });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-input');
  });
});
