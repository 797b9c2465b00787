export { demoCatalogInput, createDemoCatalog, demoServices } from './demo-catalog.js';
export { demoQueries } from './demo-queries.js';
export type { DemoQuery } from './demo-queries.js';
export type { DemoService } from './builder.js';
