import { describe, expect, it } from 'vitest';
import { eventsByTime } from './events-by-time.js';

describe('eventsByTime', () => {
  const event = (query: string, at?: number) => ({ query, called: ['t'], ...(at === undefined ? {} : { at }) });

  it('sorts oldest first, stable for equal times, untimed events last in their order', () => {
    const sorted = eventsByTime([event('c', 3), event('u1'), event('a', 1), event('b1', 2), event('u2'), event('b2', 2)]);
    expect(sorted.map((item) => item.query)).toEqual(['a', 'b1', 'b2', 'c', 'u1', 'u2']);
  });

  it('returns a new array, leaving the events as they were', () => {
    const events = [event('b', 2), event('a', 1)];
    expect(eventsByTime(events).map((item) => item.query)).toEqual(['a', 'b']);
    expect(events.map((item) => item.query)).toEqual(['b', 'a']);
  });
});
