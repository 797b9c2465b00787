import { describe, expect, it } from 'vitest';
import { eventsByTime } from './events-by-time.js';

describe('eventsByTime', () => {
  const event = (query: string, at?: number) => ({ query, called: ['t'], ...(at === undefined ? {} : { at }) });

  it('sorts oldest first, stable for equal times, untimed events last in their order', () => {
    const sorted = eventsByTime([event('c', 3), event('u1'), event('a', 1), event('b1', 2), event('u2'), event('b2', 2)]);
    expect(sorted.map((item) => item.query)).toEqual(['a', 'b1', 'b2', 'c', 'u1', 'u2']);
  });

  it('returns the same array when already in order', () => {
    const events = [event('a', 1), event('b', 1), event('c', 2), event('u')];
    expect(eventsByTime(events)).toBe(events);
  });
});
