import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../api-types.js';
import { placeCacheControl } from './place-cache-control.js';

const schema = { type: 'object' } as const;
const plain = (name: string, extra: object = {}): ToolDefinition => ({ name, input_schema: schema, ...extra });
const deferred = (name: string, extra: object = {}): ToolDefinition => ({ name, input_schema: schema, defer_loading: true, ...extra });
const breakpoints = (tools: readonly ToolDefinition[]) =>
  tools.flatMap((tool) => ('cache_control' in tool && tool.cache_control != null && 'name' in tool ? [[tool.name, tool.cache_control]] : []));

describe('placeCacheControl', () => {
  it('moves a breakpoint from a deferred tool to the last tool that is not deferred', () => {
    const input = [plain('a'), plain('b'), deferred('c', { cache_control: { type: 'ephemeral', ttl: '1h' } }), deferred('d')];
    const result = placeCacheControl(input);
    expect(breakpoints(result)).toEqual([['b', { type: 'ephemeral', ttl: '1h' }]]);
    expect(result[2]).toEqual(deferred('c'));
    expect(breakpoints(input)).toEqual([['c', { type: 'ephemeral', ttl: '1h' }]]);
  });

  it('places a given breakpoint, but leaves a tool that already has one alone', () => {
    expect(breakpoints(placeCacheControl([plain('a'), deferred('b')], { type: 'ephemeral' }))).toEqual([['a', { type: 'ephemeral' }]]);
    const own = placeCacheControl([plain('a', { cache_control: { type: 'ephemeral', ttl: '5m' } }), deferred('b')], { type: 'ephemeral' });
    expect(breakpoints(own)).toEqual([['a', { type: 'ephemeral', ttl: '5m' }]]);
  });

  it('drops a null cache_control on a deferred tool and returns the same tools when there is nothing to do', () => {
    expect(placeCacheControl([plain('a'), deferred('b', { cache_control: null })])[1]).toEqual(deferred('b'));
    const tools = [plain('a'), deferred('b')];
    expect(placeCacheControl(tools)).toEqual(tools);
    expect(placeCacheControl([])).toEqual([]);
  });
});
