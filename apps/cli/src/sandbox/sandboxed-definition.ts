import type { RankerDefinition, RankerUsageField } from '@loadout/core';
import type { RankerMetadata } from './definition-report.js';
import type { ModulePin } from './module-pin.js';
import { createSandboxedRanker, type SandboxBudget } from './sandboxed-ranker.js';
import type { SandboxWorker, SpawnSandboxWorker } from './sandbox-worker.js';

/** Where `withUsage` leaves the usage field in the options, for `create` to take out (never sent to the worker). */
const USAGE = Symbol('loadout.sandbox.usage');

/** How {@link sandboxedDefinition} starts its rankers' workers. */
export interface SandboxedDefinitionOptions {
  /** Starts each worker; tests pass a fake. Default: a worker thread. */
  readonly spawn?: SpawnSandboxWorker;
  /**
   * The worker that loaded the module and checked the definition when the
   * config was read (see `DefinitionWorker.take`): the first ranker created
   * uses it, the module's top-level code not run again. Default: none.
   */
  readonly adopt?: () => SandboxWorker | undefined;
}

/**
 * The definition the registry holds for an out-of-tree ranker: the same
 * name, description, query kind, options schema and usage capability as
 * `definition` (checked by the caller; the metadata its worker reported,
 * see `startDefinitionWorker`), but `create` builds a
 * {@link createSandboxedRanker} that runs `module` in a worker thread with
 * `budget` (each worker only while the module has its pinned content).
 * Each ranker it makes can be retired (`SandboxedRanker.retire`); `loadout
 * serve` retires an index generation's once a newer one ranks (see
 * `withStartFallback`).
 * `persistence` is not carried over (a saved index
 * would cross the thread as bytes; no out-of-tree ranker uses it yet).
 */
export function sandboxedDefinition(definition: RankerMetadata, module: ModulePin, budget?: SandboxBudget, settings: SandboxedDefinitionOptions = {}): RankerDefinition {
  const usage = definition.capabilities?.usage;
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
      return createSandboxedRanker({
        module,
        name: definition.name,
        options: plain,
        ...(field === undefined ? {} : { usage: field }),
        ...(budget === undefined ? {} : { budget }),
        ...(settings.spawn === undefined ? {} : { spawn: settings.spawn }),
        ...(settings.adopt === undefined ? {} : { adopt: settings.adopt }),
      });
    },
  };
}
