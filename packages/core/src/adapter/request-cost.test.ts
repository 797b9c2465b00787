import { describe, expect, it } from 'vitest';
import { createFakeTokenCounter } from '../test/fake-token-counter.js';
import { countJsonTokens, countRequestTools, searchCost } from './request-cost.js';

const counter = createFakeTokenCounter();
const count = (value: unknown): number => counter.count(JSON.stringify(value));

describe('countRequestTools', () => {
  const search = { type: 'tool_search', description: 'Search the tools.' };
  const upfront = { type: 'function', name: 'get_weather', description: 'Weather for a city: “Zürich” 🌤', parameters: { type: 'object' } };
  const deferred = { type: 'function', name: 'send_message', parameters: { type: 'object' }, defer_loading: true };

  it('counts what the model reads up front, bytes on the wire, and the deferred tools in their loaded form', () => {
    const tools = [search, upfront, deferred];
    const { defer_loading: _flag, ...loaded } = deferred;
    expect(countRequestTools(tools, counter, [loaded])).toEqual({
      upfront: count(search) + count(upfront),
      deferred: count(loaded),
      bytes: new TextEncoder().encode(JSON.stringify(tools)).length,
      definitions: 3,
      deferredDefinitions: 1,
    });
  });

  it('counts a namespace as its header plus each member', () => {
    const namespace = { type: 'namespace', name: 'slack', description: 'Tools of the slack server.', tools: [upfront, deferred] };
    const cost = countRequestTools([namespace], counter);
    expect(cost.upfront).toBe(count({ ...namespace, tools: [] }) + count(upfront));
    expect(cost).toMatchObject({ deferred: 0, definitions: 2, deferredDefinitions: 1 });
  });

  it('sums a search cost from its parts', () => {
    expect(searchCost([upfront], [{ type: 'tool_reference' }], counter)).toEqual({
      definitions: count(upfront),
      overhead: count({ type: 'tool_reference' }),
      total: count(upfront) + count({ type: 'tool_reference' }),
    });
    expect(countJsonTokens([undefined, 'x'], counter)).toBe(count('x'));
  });
});
