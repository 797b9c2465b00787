import type { EngineSearchResult, LoadoutEngine } from '@loadout/browser';
import { isLoadoutError } from '@loadout/core';

/** One search the page asked for. */
export interface SearchRequest {
  readonly query: string;
  readonly ranker: string;
  /** `performance.now()` of the keystroke (or change) that asked for it. */
  readonly requestedAt: number;
  /** Milliseconds to wait for more keystrokes first. Default 0. */
  readonly debounceMs?: number;
  /** What asked: a keystroke, a ranker change, or a newly loaded catalog. */
  readonly reason: 'keystroke' | 'ranker' | 'catalog';
}

/** Options of {@link createSearchController}. */
export interface SearchControllerOptions {
  readonly engine: () => LoadoutEngine;
  /** Results to ask for. Default 10; range 1–100. */
  readonly limit?: number;
  readonly onResult: (request: SearchRequest, result: EngineSearchResult) => void;
  readonly onError: (request: SearchRequest, error: unknown) => void;
  /** Called with the request whose query is empty (results should clear). */
  readonly onEmpty: (request: SearchRequest) => void;
}

/** Runs the latest search only: a new request cancels the pending one and aborts the one in flight. */
export interface SearchController {
  /** Resolves when this request has been answered, failed or been superseded; never rejects. */
  request(request: SearchRequest): Promise<void>;
  /** Cancels whatever is pending or running. */
  cancel(): void;
}

function isCancelled(error: unknown): boolean {
  return isLoadoutError(error) && error.code === 'cancelled';
}

/** Creates a {@link SearchController}: debounced, and every superseded search aborted through the engine's `AbortSignal`. */
export function createSearchController(options: SearchControllerOptions): SearchController {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  let settlePending: (() => void) | undefined;

  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    settlePending?.();
    settlePending = undefined;
    running?.abort();
    running = undefined;
  };

  const run = async (request: SearchRequest): Promise<void> => {
    if (request.query.trim() === '') {
      options.onEmpty(request);
      return;
    }
    const controller = new AbortController();
    running = controller;
    try {
      const result = await options
        .engine()
        .search(request.query, { ranker: request.ranker, limit: options.limit ?? 10, explain: true, signal: controller.signal });
      if (controller.signal.aborted) return;
      running = undefined;
      options.onResult(request, result);
    } catch (error) {
      if (controller.signal.aborted || isCancelled(error)) return;
      running = undefined;
      options.onError(request, error);
    }
  };

  return {
    request(request) {
      cancel();
      const delay = request.debounceMs ?? 0;
      if (delay <= 0) return run(request);
      return new Promise<void>((resolve) => {
        settlePending = resolve;
        timer = setTimeout(() => {
          timer = undefined;
          settlePending = undefined;
          void run(request).then(resolve);
        }, delay);
      });
    },
    cancel,
  };
}
