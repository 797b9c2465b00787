import { createLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerSearchOptions, RankerUsageField, SearchHit } from '@loadout/core';
import '../io/cli-error-codes.js';
import { brokenPin, readPinned, type ModulePin } from './module-pin.js';
import { withLateStart } from './late-start.js';
import { PLUG_IN_MEMORY_MB, PLUG_IN_START_MS, START_BUDGET_HINT } from './plug-in-limits.js';
import type { SandboxMessage, SandboxOperation, SandboxStage, SandboxUsage, WorkerData } from './sandbox-protocol.js';
import { REAL_TIMERS, type SandboxTimers } from './sandbox-timers.js';
import { spawnRankerWorker, type SandboxWorker, type SpawnSandboxWorker } from './sandbox-worker.js';

/** Budgets of a sandboxed ranker. */
export interface SandboxBudget {
  /**
   * Longest run of one search, in ms, from when the worker begins it (time
   * spent waiting behind other searches does not count). Default 2,000; 1–600,000.
   */
  readonly searchMs?: number;
  /**
   * Most searches posted to the worker and not yet begun; one more fails at
   * once with `ranker-busy`. Default 64; 1–10,000.
   */
  readonly queuedSearches?: number;
  /**
   * Longest wait for the ranker to start in its worker, in ms: its module
   * loaded (unless an adopted worker loaded it already, see `adopt`) and
   * the definition's `create` returned (at the first `index`, and again in
   * each worker started after a timeout or a crash); over it,
   * `ranker-timeout` with `details.operation` `create`. Default 10,000
   * ({@link PLUG_IN_START_MS}); 1–600,000.
   */
  readonly createMs?: number;
  /**
   * When set (`loadout serve`), a start that overruns `createMs` still fails
   * its call with `ranker-timeout`, but its worker is not stopped: the start
   * goes on, no longer keeping the process alive, until `lateStartMs` from
   * when it began (then the worker is stopped). The error carries it (see
   * `lateStartOf`); once it resolves, the ranker is started and indexed.
   * Default: none, the worker is stopped at `createMs`. More than `createMs`,
   * at most 600,000.
   */
  readonly lateStartMs?: number;
  /** Longest wait for `index` (from when `create` returned), `add` or `remove`, in ms. Default 60,000; 1–3,600,000. */
  readonly indexMs?: number;
  /** The worker's heap limit (`resourceLimits.maxOldGenerationSizeMb`), in MiB. Default 256; 16–16,384. */
  readonly memoryMb?: number;
}

/** A sandboxed ranker, which can be told it is no longer used (see {@link createSandboxedRanker}). */
export interface SandboxedRanker extends Ranker {
  /**
   * No one will use this ranker any more (a newer index generation replaced
   * it): its worker stops once no call of it is in flight, now or when the
   * last one settles, and again after any later call (which starts one).
   * A start going on past its budget (`lateStartMs`) is dropped unanswered.
   */
  retire(): void;
  /**
   * Its start budget in ms (`createMs`) while a start is under way in its
   * worker (its module loading and `create`, at the first `index`), else
   * undefined: once started, the call goes on indexing. For progress lines.
   */
  startBudget(): number | undefined;
}

/** What the ranker was doing, for a message (`failed while indexing`). */
const DOING: Readonly<Record<Exclude<SandboxStage, 'search'>, string>> = {
  load: 'loading its module',
  create: 'being created',
  index: 'indexing',
  add: 'adding tools',
  remove: 'removing tools',
};

/**
 * What the plug-in threw, as the caller sees it: at any stage but `search`,
 * LoadoutError `ranker-failed` naming the ranker and the stage
 * (`details.ranker`, `details.operation`); in `search`, a plain Error (the
 * caller's `withCheckedResults` makes it `ranker-invalid-result`, as for a
 * ranker in the main thread). A `create` that returned something that is not
 * a ranker (`code`) is LoadoutError `ranker-invalid`, with operation `create`.
 */
function pluginThrew(ranker: string, stage: SandboxStage, message: string, code?: string): Error {
  // Nothing thrown: create returned something that is not a ranker.
  if (code === 'ranker-invalid') return createLoadoutError('ranker-invalid', `ranker ${JSON.stringify(ranker)} is invalid: ${message}`, { ranker, operation: stage });
  if (stage === 'search') return new Error(message);
  return createLoadoutError('ranker-failed', `ranker ${JSON.stringify(ranker)} failed while ${DOING[stage]}: ${message}`, { ranker, operation: stage });
}

/** One operation's answer, or the reason there is none. */
type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: Error };

/** One call in flight: how it settles, for a search how to run it again on a new worker, and its budget's timer once running. */
interface PendingCall {
  /** How it settles: its caller, or, for a start that goes on past its budget, that start (see `lateStartOf`). */
  settle: (outcome: Outcome) => void;
  readonly retry: (() => Promise<unknown>) | undefined;
  readonly op: SandboxOperation['op'];
  /** What its budget is for now: an `index` is `create` (loading and create) until the worker says it was created. */
  stage: SandboxStage | 'describe';
  budgetMs: number;
  /** Set when its budget started: at once for index operations, when the worker begins it for a search. */
  timer: unknown;
  /** A start that overran `createMs` and goes on (`lateStartMs`): its caller was answered already. */
  late?: true;
}

/**
 * A ranker whose plug-in code runs in a worker thread with a memory budget,
 * each call with a time budget. A search's budget starts when the worker
 * begins it (it reports so), so searches queued behind a slow one are not
 * failed for waiting; at most `queuedSearches` wait, one more is
 * `ranker-busy`. Its first `index` starts the ranker (loads the module,
 * runs `create`) on the short start budget (`createMs`), then indexes on
 * `indexMs`. A call over its time budget is `ranker-timeout`; a worker
 * that dies (out of memory, `process.exit`) is `ranker-failed`; either way
 * the worker is ended and the next call starts a new one and indexes the
 * last tools again, so one bad query fails only itself. Each worker starts
 * with the module's bytes read once and checked against the content it had
 * when the config was loaded (`module`, see `readPinned`), and evaluates
 * those bytes (see `importChecked`): an edited module is `config-untrusted`
 * and never runs (a TypeScript module, which tsx reads from disk, is checked
 * again once imported; a change since is `config-untrusted` and stops the
 * worker). An exception the plug-in throws while
 * loading, being created, indexing, adding or removing is `ranker-failed`
 * naming the ranker and the operation (the next call tries again); one its
 * search throws comes back as a plain Error (the caller's
 * `withCheckedResults` names it). The main thread never runs the plug-in's
 * code, so a loop, a hang or an unbounded allocation there cannot stop it
 * serving others.
 */
export function createSandboxedRanker(input: {
  readonly module: ModulePin;
  readonly name: string;
  readonly options: unknown;
  readonly usage?: RankerUsageField;
  readonly budget?: SandboxBudget;
  /** Starts the worker; tests pass a fake. Default: a worker thread running `ranker-worker.js`. */
  readonly spawn?: SpawnSandboxWorker;
  /**
   * A worker that already loaded the module and checked its definition (see
   * `startDefinitionWorker`), asked for when the first worker is needed; if
   * it gives one, that worker is used instead of starting one, so the
   * module's top-level code does not run again. Default: none.
   */
  readonly adopt?: () => SandboxWorker | undefined;
  /** The budgets' clock; tests pass a manual one. Default: real timers. */
  readonly timers?: SandboxTimers;
}): SandboxedRanker {
  const searchMs = input.budget?.searchMs ?? 2_000;
  const createMs = input.budget?.createMs ?? PLUG_IN_START_MS;
  const lateStartMs = input.budget?.lateStartMs;
  const indexMs = input.budget?.indexMs ?? 60_000;
  const memoryMb = input.budget?.memoryMb ?? PLUG_IN_MEMORY_MB;
  const queuedSearches = input.budget?.queuedSearches ?? 64;
  const spawn = input.spawn ?? spawnRankerWorker;
  const timers = input.timers ?? REAL_TIMERS;
  let worker: SandboxWorker | undefined;
  let nextId = 1;
  const pending = new Map<number, PendingCall>();
  let indexing: Promise<void> | undefined;
  let tools = new Map<string, CatalogTool>();
  let indexed = false;
  let size = 0;
  /** Calls of the ranker's methods not settled yet: a retired ranker's worker stops once there are none. */
  let active = 0;
  let retired = false;

  /**
   * Ends the worker. The call that overran (`culprit`) fails with `error`;
   * other searches in flight run once more on a new worker (when the worker
   * died, the culprit is unknown: each search runs once more, so only one
   * that fails twice fails). Index operations fail with `error`.
   */
  function end(error: Error, culprit?: number): void {
    const current = worker;
    worker = undefined;
    indexed = false;
    void current?.terminate();
    const calls = [...pending];
    pending.clear();
    for (const [id, { settle, retry, timer }] of calls) {
      if (timer !== undefined) timers.clear(timer);
      if (id === culprit || retry === undefined) settle({ ok: false, error });
      else retry().then((value) => settle({ ok: true, value }), (again: Error) => settle({ ok: false, error: again }));
    }
  }

  /** Stops the worker of a retired ranker that no call uses; what it still runs on its own (a late start) is dropped unanswered. */
  function stopIfRetired(): void {
    if (!retired || active > 0 || worker === undefined) return;
    const current = worker;
    worker = undefined;
    indexed = false;
    for (const { timer } of pending.values()) if (timer !== undefined) timers.clear(timer);
    pending.clear();
    void current.terminate();
  }

  /** Runs one of the ranker's methods, counted as a use of it. */
  async function inUse<T>(run: () => Promise<T>): Promise<T> {
    active++;
    try {
      return await run();
    } finally {
      active--;
      stopIfRetired();
    }
  }

  /** Starts the call's time budget. */
  function startBudget(id: number, entry: PendingCall): void {
    entry.timer = timers.set(() => {
      const what = entry.stage === 'create' ? `to start (loading its module and create; ${START_BUDGET_HINT})` : `for ${entry.stage}`;
      const keeps = entry.stage === 'create' && entry.late !== true && lateStartMs !== undefined && lateStartMs > entry.budgetMs;
      const error = createLoadoutError(
        'ranker-timeout',
        `ranker ${JSON.stringify(input.name)} took longer than ${entry.budgetMs} ms ${what}; ${keeps ? 'it goes on starting' : 'it was stopped, the next call starts it again'}`,
        { ranker: input.name, budgetMs: entry.budgetMs, operation: entry.stage },
      );
      if (keeps) goOnStarting(id, entry, error, lateStartMs - entry.budgetMs);
      else end(error, id);
    }, entry.budgetMs);
  }

  /**
   * The start `entry` overran its budget (`error`): its caller gets `error`,
   * carrying the start, which goes on without keeping the process alive for
   * `remainingMs` more (then the worker is stopped, as at any budget).
   */
  function goOnStarting(id: number, entry: PendingCall, error: Error, remainingMs: number): void {
    const answer = entry.settle;
    const started = new Promise<void>((resolve, reject) => {
      entry.settle = (outcome: Outcome) => {
        if (!outcome.ok) return reject(outcome.error);
        // Started and indexed the tools of that start: later calls use it.
        size = outcome.value as number;
        indexed = true;
        resolve();
      };
    });
    entry.late = true;
    entry.budgetMs = lateStartMs!;
    entry.timer = timers.set(() => {
      end(createLoadoutError('ranker-timeout', `ranker ${JSON.stringify(input.name)} took longer than ${lateStartMs} ms to start (loading its module and create); it was stopped, the next call starts it again`, { ranker: input.name, budgetMs: lateStartMs, operation: 'create' }), id);
    }, remainingMs);
    worker?.unref();
    answer({ ok: false, error: withLateStart(error, started) });
  }

  function start(): SandboxWorker {
    // Never a module that changed since the config was loaded: a restart after a timeout or a crash reads it again,
    // and the worker evaluates the bytes read here, not the file as it is when it gets to import it.
    // The worker that checked the definition when the config was read evaluated the bytes checked then: it is used once.
    const adopted = input.adopt?.();
    const started = adopted ?? spawn({ module: readPinned(input.module, `ranker ${JSON.stringify(input.name)}`), name: input.name } satisfies WorkerData, memoryMb);
    started.on('message', (message: SandboxMessage) => {
      const entry = pending.get(message.id);
      if ('started' in message) {
        if (entry !== undefined && entry.timer === undefined) startBudget(message.id, entry);
        return;
      }
      if ('created' in message) {
        // Started (in time, or late): the start budget ends, the index budget begins.
        if (entry === undefined || entry.stage !== 'create') return;
        if (entry.timer !== undefined) timers.clear(entry.timer);
        entry.stage = 'index';
        entry.budgetMs = indexMs;
        startBudget(message.id, entry);
        return;
      }
      // A TypeScript module that changed between its check and its import: the worker may have run the edit, so it
      // is ended (and so is one whose plug-in merely claims so while loading); config-untrusted only if the pin is broken.
      if (!message.ok && message.code === 'config-untrusted' && message.stage === 'load') {
        return end(brokenPin(input.module, `ranker ${JSON.stringify(input.name)}`, message.message) ?? pluginThrew(input.name, 'load', message.message));
      }
      pending.delete(message.id);
      // An idle worker never keeps the process alive; one with a call in flight does.
      if (pending.size === 0) started.unref();
      if (entry?.timer !== undefined) timers.clear(entry.timer);
      entry?.settle(message.ok ? { ok: true, value: message.value } : { ok: false, error: pluginThrew(input.name, message.stage, message.message, message.code) });
    });
    const died = (reason: string, code?: string): void => {
      if (worker !== started) return;
      // While it starts, the operation is known: it died loading its module or in create.
      const starting = [...pending.values()].some((entry) => entry.stage === 'create');
      end(createLoadoutError('ranker-failed', `ranker ${JSON.stringify(input.name)} stopped: ${reason}; the next call starts it again`, { ranker: input.name, ...(code === undefined ? {} : { code }), ...(starting ? { operation: 'create' } : {}) }));
    };
    started.on('error', (error: Error & { code?: string }) => died(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it ran out of its ${memoryMb} MiB memory budget` : error.message, error.code));
    started.on('exit', (code) => died(`its worker exited (code ${code})`));
    started.unref();
    return started;
  }

  /** Searches posted and not yet begun by the worker. */
  function waiting(): number {
    let count = 0;
    for (const entry of pending.values()) if (entry.op === 'search' && entry.timer === undefined) count++;
    return count;
  }

  async function call(request: SandboxOperation, budgetMs: number, retry?: () => Promise<unknown>): Promise<unknown> {
    if (request.op === 'search' && waiting() >= queuedSearches) {
      throw createLoadoutError('ranker-busy', `ranker ${JSON.stringify(input.name)} has ${queuedSearches} searches waiting already; try again shortly`, { ranker: input.name, queuedSearches });
    }
    worker ??= start();
    const current = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const settle = (outcome: Outcome): void => {
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      };
      // An index starts the ranker first (module and create), on the start budget.
      const stage = request.op === 'index' ? 'create' : request.op;
      const entry: PendingCall = { settle, retry, op: request.op, stage, budgetMs: stage === 'create' ? createMs : budgetMs, timer: undefined };
      pending.set(id, entry);
      // A search's budget starts when the worker begins it; an index operation's at once.
      if (request.op !== 'search') startBudget(id, entry);
      current.ref();
      current.postMessage({ ...request, id });
    });
  }

  function usageData(all: readonly CatalogTool[]): SandboxUsage | undefined {
    const usage = input.usage;
    if (usage === undefined) return undefined;
    const texts: Record<string, string | undefined> = {};
    for (const tool of all) texts[tool.displayName] = usage.text(tool);
    return { weight: usage.weight, texts, ...(usage.model === undefined ? {} : { model: usage.model }) };
  }

  async function reindex(): Promise<void> {
    const all = [...tools.values()];
    const usage = usageData(all);
    size = (await call({ op: 'index', tools: all, options: input.options, ...(usage === undefined ? {} : { usage }) }, indexMs)) as number;
    indexed = true;
  }

  /** The last tools indexed in the current worker, once however many searches wait for it. */
  function ensureIndexed(): Promise<void> {
    if (indexed) return Promise.resolve();
    indexing ??= reindex().finally(() => {
      indexing = undefined;
    });
    return indexing;
  }

  async function searchIn(query: string, options: Omit<RankerSearchOptions, 'filter'>, allowed: readonly string[] | undefined, again: boolean): Promise<unknown> {
    await ensureIndexed();
    const operation: SandboxOperation = { op: 'search', query, options, ...(allowed === undefined ? {} : { allowed }) };
    return call(operation, searchMs, again ? () => searchIn(query, options, allowed, false) : undefined);
  }

  return {
    specificationVersion: 'v1',
    name: input.name,
    get size() {
      return size;
    },
    index(next) {
      tools = new Map(next.map((tool) => [tool.displayName, tool]));
      return inUse(reindex);
    },
    add(next) {
      for (const tool of next) tools.set(tool.displayName, tool);
      return inUse(async () => {
        if (!indexed) return ensureIndexed();
        size = (await call({ op: 'add', tools: next }, indexMs)) as number;
      });
    },
    remove(names) {
      for (const name of names) tools.delete(name);
      return inUse(async () => {
        if (!indexed) return ensureIndexed();
        size = (await call({ op: 'remove', names }, indexMs)) as number;
      });
    },
    retire() {
      retired = true;
      stopIfRetired();
    },
    startBudget() {
      for (const entry of pending.values()) if (entry.stage === 'create' && entry.late !== true) return entry.budgetMs;
      return undefined;
    },
    async search(query: string, options: RankerSearchOptions = {}): Promise<readonly SearchHit[]> {
      const { filter, ...rest } = options;
      const allowed = filter === undefined ? undefined : [...tools.values()].filter((tool) => filter(tool)).map((tool) => tool.displayName);
      const hits = await inUse(() => searchIn(query, rest, allowed, true));
      if (!Array.isArray(hits)) return hits as readonly SearchHit[];
      // Names back to the caller's tools; a name the catalog lacks stays visible for checkRankerResult to refuse.
      return hits.map((hit: { name: unknown; score: number; explanation?: SearchHit['explanation'] }) => ({
        tool: tools.get(String(hit.name)) ?? ({ name: String(hit.name), displayName: String(hit.name), description: '' } as CatalogTool),
        score: hit.score,
        ...(hit.explanation === undefined ? {} : { explanation: hit.explanation }),
      }));
    },
  };
}
