import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createMemoryIndexStore } from '../persistence/memory-index-store.js';
import { createEngine, QUIET_WRITE_TOOLS } from './create-engine.js';

/** A catalog just large enough to be written in a pause. */
const LARGE = Array.from({ length: QUIET_WRITE_TOOLS }, (_, index) => ({ name: `tool_${index}`, description: index === 7 ? 'send an email' : `does thing ${index % 97}` }));

afterEach(() => {
  vi.useRealTimers();
});

describe('createEngine: a large catalog\'s index is written in a pause between searches', () => {
  it('writes a small catalog\'s index at once', async () => {
    vi.useFakeTimers();
    const store = createMemoryIndexStore();
    const engine = createEngine({ indexStore: store });
    await engine.loadCatalog(TOOLS);
    await engine.search('send an email');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.stats.puts).toBe(1);
  });

  it('waits 1.5 s with no search before serialising, starting the wait again after each search', async () => {
    vi.useFakeTimers();
    const store = createMemoryIndexStore();
    const engine = createEngine({ indexStore: store });
    await engine.loadCatalog(LARGE, { maxTools: QUIET_WRITE_TOOLS });
    await engine.search('send an email');
    await vi.advanceTimersByTimeAsync(1000);
    await engine.search('forecast');
    await vi.advanceTimersByTimeAsync(1000);
    // 2 s after the build, but only 1 s after the last search: nothing serialised yet.
    expect(store.stats.puts).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.stats.puts).toBe(1);
  });

  it('writes at once on flush, and drops an unwritten index on dispose', async () => {
    vi.useFakeTimers();
    const store = createMemoryIndexStore();
    const flushed = createEngine({ indexStore: store });
    await flushed.loadCatalog(LARGE, { maxTools: QUIET_WRITE_TOOLS });
    await flushed.search('send an email');
    await flushed.flush();
    expect(store.stats.puts).toBe(1);

    const other = createMemoryIndexStore();
    const disposed = createEngine({ indexStore: other });
    await disposed.loadCatalog(LARGE, { maxTools: QUIET_WRITE_TOOLS });
    await disposed.prepare('bm25f');
    disposed.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(other.stats.puts).toBe(0);
  });
});
