import type { RankerDefinition, RankerUsageField } from '@loadout/core';
import type { ModulePin } from './module-pin.js';
import { createSandboxedRanker, type SandboxBudget, type SandboxedRanker } from './sandboxed-ranker.js';
import type { SpawnSandboxWorker } from './sandbox-worker.js';

/** Where `withUsage` leaves the usage field in the options, for `create` to take out (never sent to the worker). */
const USAGE = Symbol('loadout.sandbox.usage');

/** How {@link sandboxedDefinition}'s rankers live beside each other. */
export interface SandboxedDefinitionOptions {
  /**
   * Each ranker it makes, once it holds the tools of an `index`, retires
   * those it made before (see `SandboxedRanker.retire`: each one's worker
   * stops once no call of it is in flight). For `loadout serve`, whose index
   * generations replace each other: without it, every re-index left the
   * previous generation's worker running. Default false: rankers of one
   * definition may live side by side (`loadout eval` builds several).
   */
  readonly retireOlder?: boolean;
  /** Starts each worker; tests pass a fake. Default: a worker thread. */
  readonly spawn?: SpawnSandboxWorker;
}

/**
 * The definition the registry holds for an out-of-tree ranker: the same
 * name, description, query kind, options schema and usage capability as
 * `definition` (checked by the caller), but `create` builds a
 * {@link createSandboxedRanker} that runs `module` in a worker thread with
 * `budget` (each worker only while the module has its pinned content);
 * with `settings.retireOlder`, a newer ranker's index stops the older ones'
 * workers.
 * `persistence` is not carried over (a saved index
 * would cross the thread as bytes; no out-of-tree ranker uses it yet).
 */
export function sandboxedDefinition(definition: RankerDefinition, module: ModulePin, budget?: SandboxBudget, settings: SandboxedDefinitionOptions = {}): RankerDefinition {
  const usage = definition.capabilities?.usage;
  /** With `retireOlder`: the rankers made and not retired yet, oldest first. */
  const made: SandboxedRanker[] = [];
  const retireBefore = (ranker: SandboxedRanker): void => {
    const at = made.indexOf(ranker);
    for (const older of made.splice(0, Math.max(at, 0))) older.retire();
  };
  const browserSafe = definition.capabilities?.browserSafe;
  return {
    specificationVersion: 'v1',
    name: definition.name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    queryKind: definition.queryKind,
    ...(definition.options === undefined ? {} : { options: definition.options }),
    capabilities: {
      ...(browserSafe === undefined ? {} : { browserSafe }),
      ...(usage === undefined
        ? {}
        : {
            usage: {
              ...(usage.learns === undefined ? {} : { learns: usage.learns }),
              withUsage: (options: Record<string, unknown>, field: RankerUsageField) => ({ ...options, [USAGE]: field }),
            },
          }),
    },
    create(options: Record<string, unknown>) {
      const field = (options as { [USAGE]?: RankerUsageField })[USAGE];
      const plain = { ...options };
      const ranker: SandboxedRanker = createSandboxedRanker({
        module,
        name: definition.name,
        options: plain,
        ...(field === undefined ? {} : { usage: field }),
        ...(budget === undefined ? {} : { budget }),
        ...(settings.spawn === undefined ? {} : { spawn: settings.spawn }),
        ...(settings.retireOlder === true ? { onIndexed: () => retireBefore(ranker) } : {}),
      });
      if (settings.retireOlder === true) made.push(ranker);
      return ranker;
    },
  };
}
