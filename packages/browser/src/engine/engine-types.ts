import type { Mod, PolicyInput, SearchHit, ToolLoadingPlan } from '@loadout/core';
import type { CatalogInput, LoadCatalogOptions, LoadedCatalog } from '../catalog/catalog-input.js';
import type { IndexSource } from '../rankers/build-context.js';
import type { EngineRankerSummary } from '../rankers/engine-registry.js';
import type { TokenizerName } from './engine-options.js';

/** The policy input of a plan; the tools and servers come from the loaded catalog. */
export type PlanInput = Omit<PolicyInput, 'tools' | 'servers'>;

/** Options of {@link LoadoutEngine.plan}. */
export interface EnginePlanOptions {
  /**
   * Programmatic mods, applied after the input's declarative `mods`. Page
   * engines only: functions cannot cross to a worker (a worker engine
   * rejects them with `invalid-option`; use declarative mods there). Default: none.
   */
  mods?: readonly Mod[];
  /**
   * Count this plan's tokens with another counter than the engine's
   * `tokenizer`: `approximate` answers at once, without waiting for the
   * tiktoken rank file to load, so a page can show a first plan as soon as
   * its search and refine it with an exact plan next. Default: the engine's.
   */
  tokenizer?: TokenizerName;
}

/** A plan, tagged with the catalog it was computed on. */
export interface EnginePlan extends ToolLoadingPlan {
  /** `LoadedCatalog.hash` of the catalog planned, or null when no catalog was loaded (no tools). */
  readonly catalogHash: string | null;
}

/** Options of {@link LoadoutEngine.search}. */
export interface EngineSearchOptions {
  /** A ranker of the engine's registry (see `listEngineRankers`): a built-in or one of `EngineOptions.rankers`. Default `bm25f`. */
  ranker?: string;
  /** Results to return. Default 5; range 1–100 (another throws `invalid-option`). */
  limit?: number;
  /** Attach a score explanation (matched terms, field and component contributions) to each hit. Default false. */
  explain?: boolean;
  /** Aborting rejects the search with a `cancelled` error (a worker engine also tells the worker to drop it). */
  signal?: AbortSignal;
}

/** What a search returns. */
export interface EngineSearchResult {
  /** Best first. */
  readonly hits: readonly SearchHit[];
  readonly ranker: string;
  /** The catalog the hits come from: the one loaded when the search started. */
  readonly catalogHash: string;
  /** Whether the ranker's index was built for this catalog or restored from the index store. */
  readonly indexSource: IndexSource;
  /** Milliseconds the engine spent, index building included. */
  readonly elapsedMs: number;
}

/** A ranker's index state after {@link LoadoutEngine.prepare}. */
export interface RankerStatus {
  readonly ranker: string;
  readonly catalogHash: string;
  readonly indexSource: IndexSource;
  /** Milliseconds from the first request to the index being ready. */
  readonly buildMs: number;
  /** Tools indexed. */
  readonly size: number;
}

/** One of an engine's rankers, as a picker shows it. */
export interface RankerAvailability extends EngineRankerSummary {
  /** False when it cannot run here: a file it needs is not served, or its library is not part of this engine. */
  readonly available: boolean;
  /** One line saying why it is unavailable; absent when it is available. */
  readonly reason?: string;
}

/**
 * The engine, the same in the page (`createEngine`) and in a worker
 * (`createWorkerEngine`): catalog in, plans and searches out. Every method
 * is async. A search runs on the catalog loaded when it starts; loading
 * another catalog cancels searches still running on the old one (they
 * reject with `cancelled`, reason `catalog-replaced`), so results never mix
 * catalogs.
 */
export interface LoadoutEngine {
  /**
   * Validates and loads a catalog, replacing the current one (loading the
   * same content again keeps the built indexes). Throws `catalog-invalid-json`,
   * `catalog-invalid-format`, `invalid-input` or `catalog-too-large`; bad
   * tools are listed in `issues`.
   */
  loadCatalog(input: CatalogInput, options?: LoadCatalogOptions): Promise<LoadedCatalog>;
  /** Decides tool search and places every tool of the loaded catalog (none when no catalog is loaded). */
  plan(input: PlanInput, options?: EnginePlanOptions): Promise<EnginePlan>;
  /**
   * Searches the loaded catalog. The ranker's index is built (or restored)
   * on first use. Throws `invalid-input` when no catalog is loaded,
   * `unknown-ranker`, the query errors of core (`query-empty`,
   * `query-too-long`, `unknown-tool`), and `cancelled`.
   */
  search(query: string, options?: EngineSearchOptions): Promise<EngineSearchResult>;
  /** Builds (or restores) a ranker's index now, so the first search is fast. */
  prepare(ranker: string, options?: { signal?: AbortSignal }): Promise<RankerStatus>;
  /**
   * The engine's rankers in registry order (the default first), each with
   * whether it can run here and, if not, why in one line: what a ranker
   * picker lists. Probes the files the embedding rankers need (once per
   * engine) without loading them.
   */
  rankers(): Promise<readonly RankerAvailability[]>;
  /** Resolves when every index write started so far has finished (or failed). */
  flush(): Promise<void>;
  /** Releases the engine (a worker engine terminates its worker); pending calls reject with `cancelled`. */
  dispose(): void;
}
