import type { CatalogTool } from '@loadout/core';

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
  readonly hits: number;
  /** Milliseconds the engine spent, index building or loading included. */
  readonly elapsedMs: number;
  /** `built` when the index was built in the page, `restored` when it came from `index` or IndexedDB. */
  readonly indexSource: string;
}

/** The events `<loadout-search>` fires, by name. */
export interface LoadoutEventDetails {
  readonly 'loadout-select': LoadoutSelectDetail;
  readonly 'loadout-results': LoadoutResultsDetail;
}

/** Fires a `<loadout-search>` event from `host`: bubbling, and composed so it leaves the shadow root. */
export function dispatchLoadoutEvent<K extends keyof LoadoutEventDetails>(host: EventTarget, type: K, detail: LoadoutEventDetails[K]): void {
  host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
