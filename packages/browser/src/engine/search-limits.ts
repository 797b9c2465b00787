/** Results one search returns: `EngineSearchOptions.limit`, 1–100 (default 5), as `<loadout-search limit>` and `@loadout/wasm` allow. */
export const SEARCH_LIMIT_RANGE = { min: 1, max: 100 } as const;

/** Tools one catalog may hold: `LoadCatalogOptions.maxTools`, 1–1,000,000 (default 10,000), as `max-tools` and `loadout index --max-tools` allow. */
export const MAX_TOOLS_RANGE = { min: 1, max: 1_000_000 } as const;
