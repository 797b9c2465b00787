import { forwardRanker, type MaybePromise, type Ranker } from '@loadout/core';

/** A turn of the event loop (a task, not a microtask): where Node runs a signal's listener. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The rankers of `factory`, each giving the event loop a turn when built and
 * before a search at most every `intervalMs` (default 50): a long run of
 * awaited searches (learning judging thousands of events) is otherwise one
 * task, and a Ctrl-C listener would not run until it ended.
 */
export function yieldingRankers<U>(factory: (usage: U) => MaybePromise<Ranker>, intervalMs = 50): (usage: U) => Promise<Ranker> {
  let last = Date.now();
  const due = async (): Promise<void> => {
    if (Date.now() - last < intervalMs) return;
    await turn();
    last = Date.now();
  };
  return async (usage) => {
    await turn();
    const ranker = await factory(usage);
    return forwardRanker(ranker, {
      search: async (query, options) => {
        await due();
        return ranker.search(query, options);
      },
    });
  };
}
