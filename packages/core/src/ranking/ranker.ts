import type { CatalogTool } from '../catalog/tool.js';

/** A value or a promise of it: sync rankers return values, async ones promises; callers `await` either. */
export type MaybePromise<T> = T | Promise<T>;

/** Options of one search. */
export interface RankerSearchOptions {
  /** Results to return. Default 5; range 1–100. */
  readonly limit?: number;
  /** Only tools for which this returns true may be returned. Default: all. */
  readonly filter?: (tool: CatalogTool) => boolean;
  /** Attach a {@link ScoreExplanation} to each hit. Default false (explaining costs time). */
  readonly explain?: boolean;
}

/** Why a tool scored what it did. */
export interface ScoreExplanation {
  /** Query terms (after analysis) found in the tool. */
  readonly matchedTerms: readonly string[];
  /** Contribution of each field (`name`, `description`, `parameterNames`, `parameterDescriptions`, `server`). */
  readonly fields: Readonly<Record<string, number>>;
  /** Contribution of each scoring component (`bm25f`, `embedding`, `exactName`, `clause`, …). */
  readonly components: Readonly<Record<string, number>>;
  /** Free-form notes (`exact name match`, `selected by name`, `required term "slack"`). */
  readonly notes: readonly string[];
}

/** One ranked tool. */
export interface SearchHit {
  readonly tool: CatalogTool;
  /** Higher is better; comparable only within one result list. */
  readonly score: number;
  readonly explanation?: ScoreExplanation;
}

/**
 * What a ranker's query is:
 * - `keywords`: free text; consumers wrap the ranker with `withQuerySyntax`
 *   (`select:a,b`, `+term`, exact names first);
 * - `pattern`: a pattern the ranker interprets itself (a regular
 *   expression); never wrapped, so `^get_` keeps its meaning.
 */
export type RankerQueryKind = 'keywords' | 'pattern';

/**
 * A ranker indexes a catalog's tools and answers queries. Version 1 of this
 * contract. Query syntax (`select:a,b`, `+term`, exact names first, length
 * limits) is applied uniformly by core's `withQuerySyntax`, so a ranker only
 * scores keyword text.
 */
export interface Ranker {
  readonly specificationVersion: 'v1';
  /** The name a deployment selects it by (`bm25f`, `wink-bm25`, `regex`, `hybrid`, …). */
  readonly name: string;
  /** Tools currently indexed. */
  readonly size: number;
  /** What its queries are (see {@link RankerQueryKind}). Default `keywords`. `withQuerySyntax` returns a `pattern` ranker unchanged. */
  readonly queryKind?: RankerQueryKind;
  /** Replaces the whole index with these tools. */
  index(tools: readonly CatalogTool[]): MaybePromise<void>;
  /** Adds or replaces tools (by displayName). */
  add(tools: readonly CatalogTool[]): MaybePromise<void>;
  /** Removes tools by displayName; unknown names are ignored. */
  remove(displayNames: readonly string[]): MaybePromise<void>;
  /** Best matches first, at most `limit`. Never includes a tool twice. */
  search(query: string, options?: RankerSearchOptions): MaybePromise<readonly SearchHit[]>;
}

/** A {@link Ranker} whose every operation completes synchronously (BM25F, regex, exact indexes). */
export interface SyncRanker extends Ranker {
  index(tools: readonly CatalogTool[]): void;
  add(tools: readonly CatalogTool[]): void;
  remove(displayNames: readonly string[]): void;
  search(query: string, options?: RankerSearchOptions): readonly SearchHit[];
}
