import type { MaybePromise } from '@loadout/core';
import { isPromise } from '@loadout/core/utils';

/** Default {@link FairSearchQueueOptions.running}. */
const DEFAULT_SEARCHES_RUNNING = 4;
/** Default {@link FairSearchQueueOptions.waitingPerClient}: as many as a plug-in ranker's worker queues. */
const DEFAULT_SEARCHES_WAITING_PER_CLIENT = 64;
/** Default {@link FairSearchQueueOptions.waiting}. */
const DEFAULT_SEARCHES_WAITING = 1024;

/** Options of {@link createFairSearchQueue}. */
export interface FairSearchQueueOptions {
  /** Most asynchronous searches handed to the ranker and not answered yet, of every client. Default 4; at least 1. */
  readonly running?: number;
  /** Most searches one client may have waiting for their turn; one more is refused. Default 64; at least 1. */
  readonly waitingPerClient?: number;
  /** Most searches waiting, of every client (the backstop); one more is refused. Default 1,024; at least 1. */
  readonly waiting?: number;
}

/** Why a search was not queued: the client's own queue, or every client's, is full. */
export interface SearchRefusal {
  readonly scope: 'client' | 'all';
  /** How many searches wait in that scope (its cap). */
  readonly waiting: number;
}

/**
 * Searches of many clients taking turns at one ranker; see {@link createFairSearchQueue}.
 */
export interface FairSearchQueue {
  /**
   * Runs `search` for `client` (any key naming who asks), at once when fewer
   * than `running` searches are in flight and none waits, else when its turn
   * comes; or, when the client already has `waitingPerClient` searches
   * waiting (or every client together `waiting`), answers `refuse(why)`
   * without running it (its answer, or what it answers in its place). A search answered synchronously (every built-in
   * ranker) never counts as running, so never waits.
   */
  run<T>(client: string, search: () => MaybePromise<T>, refuse: (why: SearchRefusal) => MaybePromise<T>): MaybePromise<T>;
  /** Searches in flight now. */
  readonly running: number;
  /** Searches waiting for their turn now. */
  readonly waiting: number;
}

interface Job {
  readonly start: () => void;
}

/**
 * A search queue in front of one ranker, fair between clients: at most
 * `running` searches are in flight at once (a plug-in ranker's worker runs
 * one at a time, so a few are enough to keep it busy), the rest wait in one
 * queue per client, and the next to run is taken from each client in turn.
 * A client with 64 searches waiting delays another client's search by one
 * of its own, not by 64, and at its cap it is refused alone: the other
 * clients still queue. What is handed to the ranker stays far below its own
 * queue (`ranker-busy` at 64 waiting), which stays as the backstop.
 */
export function createFairSearchQueue(options: FairSearchQueueOptions = {}): FairSearchQueue {
  const maxRunning = Math.max(1, options.running ?? DEFAULT_SEARCHES_RUNNING);
  const maxPerClient = Math.max(1, options.waitingPerClient ?? DEFAULT_SEARCHES_WAITING_PER_CLIENT);
  const maxWaiting = Math.max(1, options.waiting ?? DEFAULT_SEARCHES_WAITING);
  /** Waiting searches by client; a client's place in the map is its turn (it goes to the back after each of its searches starts). */
  const queues = new Map<string, Job[]>();
  let running = 0;
  let waiting = 0;

  const next = (): void => {
    while (running < maxRunning && waiting > 0) {
      const [client, jobs] = queues.entries().next().value!;
      const job = jobs.shift()!;
      waiting -= 1;
      queues.delete(client);
      if (jobs.length > 0) queues.set(client, jobs);
      job.start();
    }
  };

  /** Runs `search`, counting it as running until it settles when it is asynchronous. */
  const begin = <T>(search: () => MaybePromise<T>): MaybePromise<T> => {
    const answer = search();
    if (!isPromise(answer)) return answer;
    running += 1;
    const done = (): void => {
      running -= 1;
      next();
    };
    answer.then(done, done);
    return answer;
  };

  return {
    run(client, search, refuse) {
      if (running < maxRunning && waiting === 0) return begin(search);
      const jobs = queues.get(client);
      if ((jobs?.length ?? 0) >= maxPerClient) return refuse({ scope: 'client', waiting: maxPerClient });
      if (waiting >= maxWaiting) return refuse({ scope: 'all', waiting: maxWaiting });
      return new Promise((resolve, reject) => {
        const job: Job = {
          start: () => {
            try {
              Promise.resolve(begin(search)).then(resolve, reject);
            } catch (error) {
              reject(error);
            }
          },
        };
        if (jobs === undefined) queues.set(client, [job]);
        else jobs.push(job);
        waiting += 1;
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}
