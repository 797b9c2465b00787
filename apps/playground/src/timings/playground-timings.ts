/** One catalog load, measured from the click (or page start) that asked for it. */
export interface CatalogTiming {
  readonly label: string;
  readonly tools: number;
  /** Milliseconds until the engine had validated the catalog. */
  loadMs: number;
  /** Milliseconds until the current ranker's index was ready (null until then). */
  readyMs: number | null;
  /** Milliseconds until the first results were on the page (null until then, or when the query is empty). */
  firstResultMs: number | null;
  /** Milliseconds until the first plan (estimated token counts) was on the page. */
  planMs: number | null;
  /** Milliseconds until the plan with exact (tiktoken) counts replaced it. */
  exactPlanMs: number | null;
}

/** One keystroke (or ranker change) whose results reached the page. */
export interface KeystrokeTiming {
  readonly query: string;
  readonly ranker: string;
  /** Milliseconds from the input event to the results in the DOM, debounce included. */
  readonly ms: number;
  /** Of which the engine's own search time (index building included). */
  readonly engineMs: number;
}

/** What the page measures, exposed as `window.__loadoutTimings` for the browser test and the curious. */
export interface PlaygroundTimings {
  readonly catalogs: CatalogTiming[];
  readonly keystrokes: KeystrokeTiming[];
}

declare global {
  interface Window {
    __loadoutTimings?: PlaygroundTimings;
  }
}

/** Creates the page's timings and publishes them on `window.__loadoutTimings`. */
export function createPlaygroundTimings(): PlaygroundTimings {
  const timings: PlaygroundTimings = { catalogs: [], keystrokes: [] };
  window.__loadoutTimings = timings;
  return timings;
}

/** Adds a `performance.measure` named `loadout:<name>` from `start` to now, and returns its duration. */
export function measureSince(name: string, start: number): number {
  const end = performance.now();
  try {
    performance.measure(`loadout:${name}`, { start, end });
  } catch {
    // Measures are a convenience for the Performance panel only.
  }
  return end - start;
}
