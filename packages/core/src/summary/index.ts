export { summarizeCatalog, DEFAULT_SUMMARY_MAX_TOKENS } from './summarize-catalog.js';
export type { SummarizeCatalogOptions } from './summarize-catalog.js';
