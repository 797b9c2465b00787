import type { CatalogTool } from '../catalog/tool.js';
import type { MaybePromise, Ranker, RankerQueryKind } from '../ranking/ranker.js';
import type { OptionsSchema } from './options-schema.js';

/**
 * How a ranker saves and restores its index, so a host (the browser's
 * IndexedDB, a cache folder) can skip rebuilding it for the same catalog.
 */
export interface RankerPersistence {
  /** Changes whenever saved indexes of older versions cannot be restored; part of the storage key. */
  readonly format: string;
  /** The ranker's index as bytes; `ranker` is one this definition created and indexed. */
  save(ranker: Ranker): MaybePromise<Uint8Array>;
  /**
   * Restores `bytes` into a fresh ranker of this definition for exactly
   * `tools`; throws LoadoutError `index-corrupt` when the bytes do not fit
   * (another catalog or format), and the host then indexes afresh.
   */
  restore(ranker: Ranker, bytes: Uint8Array, tools: readonly CatalogTool[]): MaybePromise<void>;
}

/** A part of what learning from feedback fits besides the usage field: a re-ranking model. */
export type RankerLearnedPart = 'model';

/** A usage field learnt from feedback: per tool, the words of the past queries that led to it, and how much they count. */
export interface RankerUsageField {
  /** The usage text of a tool; undefined or empty when no past query led to it. */
  readonly text: (tool: CatalogTool) => string | undefined;
  /** How much the field counts next to the ranker's own fields; a finite number from 0 to 100 (`loadout learn` decides it). */
  readonly weight: number;
  /**
   * A re-ranking model fitted on the same events (JSON numbers, `@loadout/bm25`'s
   * `RerankModel`: its features are BM25F's), when learning chose one; given
   * only to a definition whose `learns` has `model`. Default: none.
   */
  readonly model?: unknown;
}

/** How a ranker learns from usage feedback (`loadout search --feedback`, `loadout eval --feedback`). */
export interface RankerUsage<Options = Record<string, unknown>> {
  /** The options for `create` that add `usage` (and the parts of `learns` it carries) to `options` (already validated, defaults applied); must not mutate `options`. */
  withUsage(options: Options, usage: RankerUsageField): Options;
  /**
   * What `withUsage` applies besides the usage field. Learning fits and
   * judges only these parts for this ranker; a stored decision with a part
   * the ranker lacks is used without it, with a warning naming the ranker.
   * Default: none (the usage field alone).
   */
  readonly learns?: readonly RankerLearnedPart[];
}

/** What a consumer may rely on without guessing from a ranker's name. */
export interface RankerCapabilities<Options = Record<string, unknown>> {
  /** Runs in a browser or worker (no Node APIs, no native modules). Default false. */
  readonly browserSafe?: boolean;
  /** How its index is saved and restored; absent when it cannot be. */
  readonly persistence?: RankerPersistence;
  /**
   * Accepts feedback: how a usage field learnt from past searches joins its
   * scoring. The surfaces that learn from a feedback log (`search
   * --feedback`, `eval --feedback`) build on a ranker only when its
   * definition has this, and refuse others with `invalid-option`. Default:
   * absent (the ranker does not learn from usage).
   */
  readonly usage?: RankerUsage<Options>;
}

/**
 * A plug-in ranker: how to make one, and what a consumer must know about
 * it. Version 1 of this contract. Register it in a registry
 * (`createRegistry({ rankers: [definition] })`) or name its module in a
 * configuration's `rankers`; every surface (CLI, gateway, SDK, browser)
 * then builds it by `name`.
 *
 * @example
 * ```js
 * export default {
 *   specificationVersion: 'v1',
 *   name: 'reverse',
 *   queryKind: 'keywords',
 *   options: { limit: { type: 'integer', default: 5, min: 1, max: 100, description: 'results' } },
 *   create: (options) => createReverseRanker(options),
 * };
 * ```
 */
export interface RankerDefinition<Options = Record<string, unknown>> {
  readonly specificationVersion: 'v1';
  /** The name a deployment selects it by: 1–64 characters of `a-z`, `0-9`, `-`, `_`, `.`, starting with a letter or digit. */
  readonly name: string;
  /** One line for `--help` and listings. Default: none. */
  readonly description?: string;
  /** Whether consumers apply the query syntax (see {@link RankerQueryKind}). */
  readonly queryKind: RankerQueryKind;
  /** The options `create` takes; checked, and defaults applied, before `create` runs. Default: no options. */
  readonly options?: OptionsSchema;
  /** Default: not browser-safe, no persistence, no usage learning. */
  readonly capabilities?: RankerCapabilities<Options>;
  /** A fresh, empty ranker. `options` are already validated, with defaults applied. */
  create(options: Options): MaybePromise<Ranker>;
}
