import { isLoadoutError } from '@loadout/core';
import type { LoadoutError, Mod, RankerDefinition } from '@loadout/core';
import { configError } from './config-error.js';
import type { TrustedImports } from './config-trust.js';
import { reportedDefinition } from './reported-definition.js';
import { reportedMods } from './reported-mods.js';
import { resolvePlugin } from './resolve-plugin.js';
import type { RankerMetadata } from '../sandbox/definition-report.js';
import { startDefinitionWorker, type DefinitionWorker } from '../sandbox/definition-worker.js';
import { sandboxedDefinition } from '../sandbox/sandboxed-definition.js';
import { startModFileWorker } from '../sandbox/mod-file-worker.js';
import type { ModSummary } from '../sandbox/mod-report.js';
import { createModSandbox } from '../sandbox/sandboxed-mods.js';
import { pinModule } from '../sandbox/module-pin.js';
import { PLUG_IN_LATE_START_MS, PLUG_IN_MEMORY_MB, PLUG_IN_START_MS } from '../sandbox/plug-in-limits.js';
import { KEEPING_TIMERS, type SandboxTimers } from '../sandbox/sandbox-timers.js';
import { withSearchFallback } from '../sandbox/search-fallback.js';
import { withStartFallback, type RankerFallback } from '../sandbox/start-fallback.js';
import { unimportedRankerDefinition } from './unimported-ranker.js';
import { unloadedRankerDefinition } from './unloaded-ranker.js';
import type { RankerModuleEntry } from './loadout-config.js';
import { rankerEntry } from './ranker-entry.js';

/** How {@link loadRankers} and {@link loadPluginMods} bound a plug-in's start, and what replaces a ranker that cannot start. */
export interface PluginLoadOptions {
  /**
   * Longest wait for a plug-in module's import when the config is read, and
   * for a ranker's start in its worker (`SandboxBudget.createMs`), in ms; a
   * `rankers` entry's `startTimeoutMs` takes precedence for its ranker.
   * Default {@link PLUG_IN_START_MS} (10,000); 1–600,000.
   */
  readonly startMs?: number;
  /** The import's clock; tests pass a manual one. Default: real timers that keep the process alive while an import waits. */
  readonly timers?: SandboxTimers;
  /**
   * A ranker that cannot start is replaced by this (`loadout serve`; see
   * `withStartFallback`), and a start that overruns its budget goes on for
   * up to {@link PLUG_IN_LATE_START_MS} in all, the ranker taking over once
   * it started; a search over its time budget is answered by it too (see
   * `withSearchFallback`). Default: none, the ranker's error at the budget.
   */
  readonly fallback?: RankerFallback;
  /** Per ranker, the names of its configured options (`rankerOptions`): one whose module did not load takes them unchecked. Default: none. */
  readonly optionNames?: Readonly<Record<string, readonly string[]>>;
  /**
   * Whether the ranker `name`'s module is imported (the command ranks with
   * it, see `RankerSelection`). One that is not is only resolved
   * (`plugin-not-found` as for any) and registered by name (see
   * `unimportedRankerDefinition`). Default: every one.
   */
  readonly imports?: (name: string) => boolean;
  /**
   * Called as each module's import begins, with what it is (`rankers.x
   * (FILE): loading its module`) and its budget; returns the function called
   * as it ends. The command's progress says a long one every second (see
   * `ProgressReporter.wait`). Default: nothing said.
   */
  readonly waiting?: (what: string, budgetMs: number) => () => void;
  /** Receives one line per mod file that loads but exports no mods (`export default []`). Default: dropped. */
  readonly warn?: (message: string) => void;
  /**
   * A ranker whose module fails with a LoadoutError (it does not import, its
   * default export is not a definition, it is named otherwise) is the
   * definition this returns instead of failing them all (`loadout rankers`,
   * see `brokenRankerDefinition`). Default: thrown.
   */
  readonly brokenRanker?: (name: string, error: LoadoutError) => RankerDefinition;
  /**
   * The local files each module (by real path) may import, with their
   * trusted content (a folder's trusted config, see `assertModulesTrusted`):
   * its worker serves those and refuses any other local file. Default: none
   * given (a config named with `--config`): its imports load from disk.
   */
  readonly trustedImports?: TrustedImports;
  /**
   * A mod file that does not load, or holds an invalid mod, is left out and
   * its error passed here instead of thrown (`loadout rankers`, which lists
   * rankers, not mods). Default: thrown.
   */
  readonly skipBroken?: (error: LoadoutError) => void;
}

/** What a wait for a plug-in module gave, or `late`: its top-level code had not settled within the start budget. */
type Waited<T> = { readonly late?: false; readonly value: T } | { readonly late: true };

/**
 * Waits at most `startMs` for `loading`, the load of the plug-in module
 * `file` (at `key`), in this thread or its worker; one that never settles is
 * left pending, and nothing of it is used. A long wait says what it waits
 * for (`slow`), so a silent command is not a mystery.
 */
async function withinStart<T>(loading: Promise<T>, file: string, key: string, options: PluginLoadOptions): Promise<Waited<T>> {
  const startMs = options.startMs ?? PLUG_IN_START_MS;
  const timers = options.timers ?? KEEPING_TIMERS;
  // Settled after the wait ended: nothing listens, and its rejection must not go unhandled.
  loading.catch(() => {});
  let timer: unknown;
  const late = new Promise<Waited<T>>((resolve) => {
    timer = timers.set(() => resolve({ late: true }), startMs);
  });
  // A long wait says what it waits for, so a silent command is not a mystery.
  const endWait = options.waiting?.(`${key} (${file}): loading its module`, startMs);
  try {
    return await Promise.race([loading.then((value) => ({ value })), late]);
  } finally {
    timers.clear(timer);
    endWait?.();
  }
}

/**
 * The definition the registry holds for the ranker `name` (`entry`): its
 * module loaded in the worker its first ranker will use (see
 * `startDefinitionWorker`, added to `workers`), pinned as read just before,
 * waiting at most its start budget for the report; the main thread never
 * imports it. A worker that dies while loading is `plugin-load-failed`.
 */
async function rankerDefinition(name: string, entry: string | RankerModuleEntry, folder: string, path: string, options: PluginLoadOptions, workers: DefinitionWorker[]): Promise<RankerDefinition> {
  const key = `rankers.${name}`;
  const { module: specifier, startTimeoutMs } = rankerEntry(entry);
  const startMs = startTimeoutMs ?? options.startMs ?? PLUG_IN_START_MS;
  // A command that does not rank with it never waits for its module: resolved only, so a missing file still says so.
  if (options.imports?.(name) === false) return unimportedRankerDefinition(name, resolvePlugin(specifier, folder, path, key));
  const fallback = options.fallback;
  // With a fallback (serve), a ranker that cannot start, or a search over its budget, is answered by the fallback.
  const wrap = (definition: RankerDefinition): RankerDefinition => (fallback === undefined ? definition : withSearchFallback(withStartFallback(definition, fallback), fallback));
  const file = resolvePlugin(specifier, folder, path, key);
  const pin = pinModule(file, options.trustedImports);
  const worker = startDefinitionWorker(pin, name, PLUG_IN_MEMORY_MB);
  workers.push(worker);
  let metadata: RankerMetadata;
  try {
    const waited = await withinStart(worker.report, file, key, { ...options, startMs });
    if (waited.late) {
      worker.stop();
      return wrap(unloadedRankerDefinition(name, file, startMs, options.optionNames?.[name]));
    }
    metadata = reportedDefinition(waited.value, { name, path, key, specifier, pin });
  } catch (error) {
    worker.stop();
    if (isLoadoutError(error)) throw error;
    throw configError('plugin-load-failed', path, key, `${file} did not load: ${(error as Error).message}`, specifier);
  }
  // Its ranker runs in a worker thread with time and memory budgets: a loop, a hang or a leak fails only that call.
  // The first one created takes the worker that loaded the module: its top-level code runs once.
  // With a fallback (serve), a start that overruns its budget goes on, and the ranker takes over once it started;
  // each index generation whose ranker ranks retires the ones before it (see withStartFallback).
  return wrap(sandboxedDefinition(metadata, pin, { createMs: startMs, ...(fallback === undefined ? {} : { lateStartMs: PLUG_IN_LATE_START_MS }) }, { adopt: () => worker.take() }));
}

/**
 * The rankers a configuration's `rankers` names, checked: each default
 * export a definition named as its key. Each module loads in the worker
 * its first ranker then uses (see `rankerDefinition`), all at once (each
 * within its entry's `startTimeoutMs`, else `startMs`), and they are taken
 * in order: the first that fails is the error (the others' workers
 * stopped), unless `brokenRanker` stands in for it. Each ranker they create
 * runs in a worker thread (see `sandboxedDefinition`). A module that does
 * not finish loading within its budget is not an error here: its ranker
 * fails to start when created (see `unloadedRankerDefinition`). With
 * `fallback`, a ranker that cannot start is replaced by it (see
 * `withStartFallback`), and a search over its time budget is answered by
 * it (see `withSearchFallback`).
 */
export async function loadRankers(rankers: Readonly<Record<string, string | RankerModuleEntry>>, folder: string, path: string, options: PluginLoadOptions = {}): Promise<RankerDefinition[]> {
  const workers: DefinitionWorker[] = [];
  // All at once: on 2 cores a dozen plug-ins load in about a third of the time they take one after another.
  const loading = Object.entries(rankers).map(([name, entry]) => {
    const definition = rankerDefinition(name, entry, folder, path, options, workers);
    definition.catch(() => {});
    return { name, definition };
  });
  const definitions: RankerDefinition[] = [];
  try {
    for (const { name, definition } of loading) {
      try {
        definitions.push(await definition);
      } catch (error) {
        if (options.brokenRanker === undefined || !isLoadoutError(error)) throw error;
        definitions.push(options.brokenRanker(name, error));
      }
    }
  } catch (error) {
    // No ranker of this config will be created: none of their workers is needed.
    for (const worker of workers) worker.stop();
    throw error;
  }
  return definitions;
}

/**
 * The mods of the mod file `specifier` (at `key`), checked; their names must
 * be unique with those of `from` (name → file), which it extends once every
 * one of them checked out.
 */
async function modsOfFile(specifier: string, key: string, folder: string, path: string, options: PluginLoadOptions, from: Map<string, string>): Promise<Mod[]> {
  const file = resolvePlugin(specifier, folder, path, key);
  const pin = pinModule(file, options.trustedImports);
  // The file loads in the worker its hooks run in (time and memory budgets: a loop or a leak turns its mods off,
  // nothing more); the main thread never imports it, so its top-level code runs once.
  const started = startModFileWorker(pin, PLUG_IN_MEMORY_MB);
  let summaries: readonly ModSummary[];
  try {
    const waited = await withinStart(started.loaded, file, key, options);
    if (waited.late) throw configError('plugin-load-failed', path, key, `${file} did not finish loading within ${options.startMs ?? PLUG_IN_START_MS} ms`, specifier);
    summaries = reportedMods(waited.value, { path, key, specifier, pin });
  } catch (error) {
    started.stop();
    if (isLoadoutError(error)) throw error;
    throw configError('plugin-load-failed', path, key, `${file} did not load: ${(error as Error).message}`, specifier);
  }
  if (summaries.length === 0) options.warn?.(`${path}: ${key}: ${file} exports no mods (its default export is an empty array): it changes nothing [mod-invalid]`);
  const sandbox = createModSandbox(pin, { loadMs: options.startMs ?? PLUG_IN_START_MS }, undefined, started);
  const mods: Mod[] = [];
  const names = new Map(from);
  for (const mod of summaries) {
    const earlier = names.get(mod.name);
    if (earlier !== undefined) {
      started.stop();
      const both = earlier === file ? `${file} defines two mods named` : `${file} and ${earlier} both define a mod named`;
      throw configError('plugin-duplicate', path, key, `${both} ${JSON.stringify(mod.name)}`);
    }
    names.set(mod.name, file);
    mods.push({ name: mod.name, hooks: mod.describes ? { 'tool.describe': sandbox.hook(mod.name) } : {} });
  }
  // No hook to run: its worker has nothing more to do.
  if (!summaries.some((mod) => mod.describes)) started.stop();
  for (const [name, owner] of names) from.set(name, owner);
  return mods;
}

/**
 * The mods of a configuration's `plugins`: each default export a Mod or an
 * array of Mods; names unique across files. Their hooks run in a worker
 * thread per file (see `createModSandbox`). With `skipBroken`, a file that
 * does not load or holds an invalid mod is left out, its error passed there.
 */
export async function loadPluginMods(plugins: readonly string[], folder: string, path: string, options: PluginLoadOptions = {}): Promise<Mod[]> {
  const mods: Mod[] = [];
  const from = new Map<string, string>();
  for (let index = 0; index < plugins.length; index++) {
    try {
      mods.push(...(await modsOfFile(plugins[index] as string, `plugins[${index}]`, folder, path, options, from)));
    } catch (error) {
      if (options.skipBroken === undefined || !isLoadoutError(error)) throw error;
      options.skipBroken(error);
    }
  }
  return mods;
}
