import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createUsageTracker } from './usage-tracker.js';

describe('createUsageTracker', () => {
  const clock = (): (() => number) => {
    let time = 1000;
    return () => time++;
  };

  it('records a call of a hit as a positive for the search that found it, once', () => {
    const tracker = createUsageTracker({ now: clock() });
    tracker.searched('  send an email ', ['mail__send', 'mail__draft']);
    expect(tracker.called('mail__send')).toEqual({ query: 'send an email', called: ['mail__send'], at: 1000 });
    expect(tracker.called('mail__send')).toBeUndefined();
    expect(tracker.called('mail__draft')).toEqual({ query: 'send an email', called: ['mail__draft'], at: 1001 });
  });

  it('credits the newest search that found the tool, and only it', () => {
    const tracker = createUsageTracker({ now: clock() });
    tracker.searched('email', ['mail__send']);
    tracker.searched('send a message', ['mail__send', 'chat__post']);
    expect(tracker.called('mail__send')?.query).toBe('send a message');
    // The second call is explained by the same newest search: the older one is not credited.
    expect(tracker.called('mail__send')).toBeUndefined();
  });

  it('ignores calls of tools no search found, select: queries and empty answers', () => {
    const tracker = createUsageTracker();
    tracker.searched('select:mail__send', ['mail__send']);
    tracker.searched('Select:chat__post', ['chat__post']);
    tracker.searched('nothing matches', []);
    tracker.searched('   ', ['files__read']);
    expect(tracker.called('mail__send')).toBeUndefined();
    expect(tracker.called('chat__post')).toBeUndefined();
    expect(tracker.called('files__read')).toBeUndefined();
  });

  it('remembers only the newest maxSearches searches', () => {
    const tracker = createUsageTracker({ maxSearches: 2 });
    tracker.searched('first', ['a']);
    tracker.searched('second', ['b']);
    tracker.searched('third', ['c']);
    expect(tracker.called('a')).toBeUndefined();
    expect(tracker.called('b')?.query).toBe('second');
    expect(tracker.called('c')?.query).toBe('third');
  });

  it('refuses a bad maxSearches with invalid-option', () => {
    for (const maxSearches of [0, 1.5, 1001, Number.NaN]) {
      let error: unknown;
      try {
        createUsageTracker({ maxSearches });
      } catch (caught) {
        error = caught;
      }
      expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    }
  });
});
