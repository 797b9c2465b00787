import { describe, expect, it } from 'vitest';
import { createFairSearchQueue, type SearchRefusal } from './fair-search-queue.js';

/** A search that answers when `finish` is called, and records when it started. */
function deferredSearches() {
  const started: string[] = [];
  const pending = new Map<string, () => void>();
  const search = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => pending.set(name, () => resolve(name)));
  };
  const finish = async (name: string): Promise<void> => {
    pending.get(name)!();
    pending.delete(name);
    // The queue starts the next search once the answer settled.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, search, finish };
}

const refused = (why: SearchRefusal): string => `refused ${why.scope} ${why.waiting}`;

describe('createFairSearchQueue', () => {
  it('runs a synchronous search at once and never counts it', () => {
    const queue = createFairSearchQueue({ running: 1 });
    expect(queue.run('a', () => 'sync', refused)).toBe('sync');
    expect(queue.running).toBe(0);
  });

  it('lets a second client in after one search of the first, not after all of them', async () => {
    const queue = createFairSearchQueue({ running: 1, waitingPerClient: 64 });
    const { started, search, finish } = deferredSearches();
    const answers: Promise<string>[] = [];
    for (let index = 0; index < 65; index++) answers.push(queue.run('a', search(`a${index}`), refused) as Promise<string>);
    const second = queue.run('b', search('b0'), refused);
    expect(queue.waiting).toBe(65);
    await finish('a0');
    await finish('a1');
    expect(started).toEqual(['a0', 'a1', 'b0']);
    await finish('b0');
    await expect(second).resolves.toBe('b0');
  });

  it('refuses a client at its own cap alone: another client still queues; every client together is capped too', async () => {
    const queue = createFairSearchQueue({ running: 1, waitingPerClient: 2, waiting: 3 });
    const { search } = deferredSearches();
    void queue.run('a', search('a0'), refused);
    void queue.run('a', search('a1'), refused);
    void queue.run('a', search('a2'), refused);
    expect(queue.run('a', search('a3'), refused)).toBe('refused client 2');
    expect(queue.run('b', search('b0'), refused)).toBeInstanceOf(Promise);
    expect(queue.run('c', search('c0'), refused)).toBe('refused all 3');
  });

  it('keeps `running` searches in flight and starts the next as each settles, rejected or not', async () => {
    const queue = createFairSearchQueue({ running: 2 });
    const failing = queue.run('a', () => Promise.reject(new Error('boom')), refused);
    const { started, search, finish } = deferredSearches();
    void queue.run('a', search('a1'), refused);
    void queue.run('b', search('b0'), refused);
    expect(started).toEqual(['a1']);
    await expect(failing).rejects.toThrow('boom');
    expect(started).toEqual(['a1', 'b0']);
    await finish('a1');
    await finish('b0');
    expect(queue.running).toBe(0);
  });
});
