import { isLoadoutError } from '@loadout/core';
import type { CatalogIssue, CatalogTool } from '@loadout/core';

/** `detail` of the `loadout-select` event. */
export interface LoadoutSelectDetail {
  /** The chosen tool, as the catalog holds it. */
  readonly tool: CatalogTool;
  readonly score: number;
  /** The query it was found for. */
  readonly query: string;
}

/** `detail` of the `loadout-results` event, fired after each search is shown. */
export interface LoadoutResultsDetail {
  readonly query: string;
  /** How many results are shown (a count; the tools themselves are in the list, and `loadout-select` carries the picked one). */
  readonly hits: number;
  /** Milliseconds the engine spent, index building or loading included. */
  readonly elapsedMs: number;
  /** `built` when the index was built in the page, `restored` when it came from `index` or IndexedDB. */
  readonly indexSource: string;
}

/** `detail` of the `loadout-loaded` event, fired once the catalog or index loaded. */
export interface LoadoutLoadedDetail {
  /** The URL the tools came from. */
  readonly source: string;
  /** Tools loaded. */
  readonly tools: number;
  /** Tools that were skipped, with coded reasons (`catalog-missing-name`, `catalog-duplicate-name`, `catalog-invalid-schema`, …); empty when none. */
  readonly issues: readonly CatalogIssue[];
}

/**
 * `detail` of the `loadout-error` event, fired when the catalog or index did
 * not load (`stage` `load`), a search failed (`search`), or the element
 * refuses its `ranker` or `limit` (`search`, once per refusal), as the
 * status line says it.
 */
export interface LoadoutErrorDetail {
  readonly stage: 'load' | 'search';
  /** The stable code of a Loadout error (`file-not-found`, `catalog-invalid-json`, `catalog-too-large`, …); undefined for another error. */
  readonly code: string | undefined;
  /** The error's message, starting `<loadout-search>: ` (it names the URL, never the file's contents). */
  readonly message: string;
}

/** The events `<loadout-search>` fires, by name. */
export interface LoadoutEventDetails {
  readonly 'loadout-loaded': LoadoutLoadedDetail;
  readonly 'loadout-error': LoadoutErrorDetail;
  readonly 'loadout-select': LoadoutSelectDetail;
  readonly 'loadout-results': LoadoutResultsDetail;
}

/** Fires a `<loadout-search>` event from `host`: bubbling, and composed so it leaves the shadow root. */
export function dispatchLoadoutEvent<K extends keyof LoadoutEventDetails>(host: EventTarget, type: K, detail: LoadoutEventDetails[K]): void {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** The `loadout-error` detail of `error` at `stage`. */
export function errorDetail(stage: LoadoutErrorDetail['stage'], error: unknown): LoadoutErrorDetail {
  return { stage, code: isLoadoutError(error) ? error.code : undefined, message: error instanceof Error ? error.message : String(error) };
}
