import type { EngineSearchOptions, EngineSearchResult, LoadoutEngine } from '@loadout/browser';
import { createLoadoutError } from '@loadout/core';
import { describe, expect, it, vi } from 'vitest';
import { createSearchController } from './search-controller.js';
import type { SearchRequest } from './search-controller.js';

interface Call {
  readonly query: string;
  readonly options: EngineSearchOptions;
  resolve(): void;
  reject(error: unknown): void;
}

/** An engine whose searches settle when the test says so; aborting rejects with `cancelled`, as the real one does. */
function fakeEngine(): { engine: LoadoutEngine; calls: Call[] } {
  const calls: Call[] = [];
  const engine = {
    search(query: string, options: EngineSearchOptions = {}) {
      return new Promise<EngineSearchResult>((resolve, reject) => {
        const result = { hits: [], ranker: options.ranker ?? 'bm25f', catalogHash: 'h', indexSource: 'built', elapsedMs: 1 } as EngineSearchResult;
        options.signal?.addEventListener('abort', () => reject(createLoadoutError('cancelled', `search ${query} was cancelled`)));
        calls.push({ query, options, resolve: () => resolve(result), reject });
      });
    },
  } as unknown as LoadoutEngine;
  return { engine, calls };
}

const request = (query: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({ query, ranker: 'bm25f', requestedAt: 0, reason: 'keystroke', ...extra });

describe('createSearchController', () => {
  it('asks for explained results and reports them', async () => {
    const { engine, calls } = fakeEngine();
    const onResult = vi.fn();
    const controller = createSearchController({ engine: () => engine, onResult, onError: vi.fn(), onEmpty: vi.fn() });
    const done = controller.request(request('mail', { ranker: 'hybrid' }));
    expect(calls[0]?.options).toMatchObject({ ranker: 'hybrid', limit: 10, explain: true });
    calls[0]!.resolve();
    await done;
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult.mock.calls[0]?.[0]).toMatchObject({ query: 'mail' });
  });

  it('aborts a superseded search through its signal and reports only the latest', async () => {
    const { engine, calls } = fakeEngine();
    const onResult = vi.fn();
    const onError = vi.fn();
    const controller = createSearchController({ engine: () => engine, onResult, onError, onEmpty: vi.fn() });
    const first = controller.request(request('ma'));
    const second = controller.request(request('mail'));
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(calls[1]?.options.signal?.aborted).toBe(false);
    await first;
    calls[1]!.resolve();
    await second;
    expect(onResult.mock.calls.map(([sent]) => (sent as SearchRequest).query)).toEqual(['mail']);
    expect(onError).not.toHaveBeenCalled();
  });

  it('debounces: only the last of quick requests reaches the engine, and superseded requests still settle', async () => {
    vi.useFakeTimers();
    try {
      const { engine, calls } = fakeEngine();
      const controller = createSearchController({ engine: () => engine, onResult: vi.fn(), onError: vi.fn(), onEmpty: vi.fn() });
      const first = controller.request(request('s', { debounceMs: 50 }));
      controller.request(request('se', { debounceMs: 50 }));
      await first;
      await vi.advanceTimersByTimeAsync(60);
      expect(calls.map((call) => call.query)).toEqual(['se']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears on an empty query without searching, and reports other errors', async () => {
    const { engine, calls } = fakeEngine();
    const onEmpty = vi.fn();
    const onError = vi.fn();
    const controller = createSearchController({ engine: () => engine, onResult: vi.fn(), onError, onEmpty });
    await controller.request(request('   '));
    expect(onEmpty).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
    const failing = controller.request(request('x', { ranker: 'transformers' }));
    const error = createLoadoutError('model-unavailable', 'no model');
    calls[0]!.reject(error);
    await failing;
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ query: 'x' }), error);
  });

  it('ignores a search the engine cancelled itself (a newer catalog)', async () => {
    const { engine, calls } = fakeEngine();
    const onError = vi.fn();
    const controller = createSearchController({ engine: () => engine, onResult: vi.fn(), onError, onEmpty: vi.fn() });
    const done = controller.request(request('mail'));
    calls[0]!.reject(createLoadoutError('cancelled', 'catalog replaced', { reason: 'catalog-replaced' }));
    await done;
    expect(onError).not.toHaveBeenCalled();
  });
});
