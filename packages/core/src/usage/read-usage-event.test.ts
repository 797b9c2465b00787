import { describe, expect, it } from 'vitest';
import { readUsageEvent } from './read-usage-event.js';

describe('readUsageEvent', () => {
  it('reads "called" (a name or a list) or "relevant", and "at" as an ISO date or milliseconds', () => {
    expect(readUsageEvent({ query: 'q', called: 'a' })).toEqual({ query: 'q', called: ['a'] });
    expect(readUsageEvent({ query: 'q', relevant: ['a', 'b'] })).toEqual({ query: 'q', called: ['a', 'b'] });
    expect(readUsageEvent({ query: 'q', called: ['a'], at: '2026-01-02T00:00:00Z' })).toEqual({ query: 'q', called: ['a'], at: Date.parse('2026-01-02T00:00:00Z') });
    expect(readUsageEvent({ query: 'q', called: null, relevant: ['a'] })).toEqual({ query: 'q', called: ['a'] });
  });

  it('names the field the line used when its tools are wrong', () => {
    expect(readUsageEvent({ query: 'x', called: [] })).toBe('"called" must be a tool name or a non-empty list of tool names (got [])');
    expect(readUsageEvent({ query: 'x', relevant: [''] })).toMatch(/^"relevant" must be a tool name or a non-empty list of tool names/);
    expect(readUsageEvent({ query: 'x', called: null })).toMatch(/^"called" must be/);
    expect(readUsageEvent({ query: 'x' })).toBe('needs "called" (a tool name or a list of them) or "relevant" (a list of tool names)');
  });

  it('says a missing or blank query is missing or empty, never "(got undefined)"', () => {
    expect(readUsageEvent({ called: 'a' })).toBe('needs "query" (the search text)');
    expect(readUsageEvent({ query: '  ', called: 'a' })).toBe('"query" is empty: it must hold the search text');
    expect(readUsageEvent({ query: 3, called: 'a' })).toBe('"query" must be a non-empty string (got 3)');
  });

  it('refuses an "at" that is no time, out of range, or seconds', () => {
    expect(readUsageEvent({ query: 'x', called: 'a', at: 'not a date' })).toBe('"at" must be an ISO date or milliseconds since the epoch (got "not a date")');
    expect(readUsageEvent({ query: 'x', called: 'a', at: 1e20 })).toMatch(/^"at" must be an ISO date or milliseconds since the epoch/);
    expect(readUsageEvent({ query: 'x', called: 'a', at: 1764583200 })).toMatch(/^"at" looks like seconds since the epoch/);
  });
});
