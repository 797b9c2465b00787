import type { CatalogTool, RankerSearchOptions } from '@loadout/core';
import type { CheckedModule } from './module-pin.js';

/** What a ranker worker starts with: the plug-in's module as checked against its pin, and the ranker's name. */
export interface WorkerData {
  readonly module: CheckedModule;
  readonly name: string;
}

/** A usage field as data: its functions evaluated per tool by display name (see `RankerUsageField`). */
export interface SandboxUsage {
  readonly weight: number;
  readonly texts: Record<string, string | undefined>;
  readonly model?: unknown;
}

/**
 * One operation the main thread asks of the worker. `describe` loads the
 * module and answers a `DefinitionReport` (sent first when the config is
 * read, see `startDefinitionWorker`); `index` creates the ranker with
 * `options` (validated, defaults applied) and indexes `tools`.
 */
export type SandboxOperation =
  | { readonly op: 'describe' }
  | { readonly op: 'index'; readonly tools: readonly CatalogTool[]; readonly options: unknown; readonly usage?: SandboxUsage }
  | { readonly op: 'add'; readonly tools: readonly CatalogTool[] }
  | { readonly op: 'remove'; readonly names: readonly string[] }
  | { readonly op: 'search'; readonly query: string; readonly options: Omit<RankerSearchOptions, 'filter'>; readonly allowed?: readonly string[] };

/** A {@link SandboxOperation} as sent, answered by `{id, ok, value | message}`. */
export type SandboxRequest = SandboxOperation & { readonly id: number };

/**
 * What the plug-in was doing when it threw: loading its module, its
 * definition's `create`, or one of its ranker's methods.
 */
export type SandboxStage = 'load' | 'create' | 'index' | 'add' | 'remove' | 'search';

/**
 * The worker's answer to one {@link SandboxRequest}: its value, or what the
 * plug-in threw (`message`: an Error's first line, else the value described)
 * and at which `stage`.
 */
export type SandboxResponse = { readonly id: number } & (
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly message: string;
      readonly stage: SandboxStage;
      /**
       * `config-untrusted`: the module changed between its check and its import (TypeScript only); the worker must be stopped.
       * `ranker-invalid`: the plug-in threw nothing, but its definition's `create` returned something that is not a ranker.
       */
      readonly code?: 'config-untrusted' | 'ranker-invalid';
    }
);

/**
 * Sent by the worker as it begins running a search (it may have waited behind
 * others): the search's time budget starts then, not when it was posted.
 */
export interface SandboxStarted {
  readonly id: number;
  readonly started: true;
}

/**
 * Sent by the worker during an `index` once the module is loaded and the
 * definition's `create` returned: the start budget (`createMs`) ends and
 * the index budget (`indexMs`) starts then.
 */
export interface SandboxCreated {
  readonly id: number;
  readonly created: true;
}

/** Anything a ranker worker posts. */
export type SandboxMessage = SandboxResponse | SandboxStarted | SandboxCreated;
