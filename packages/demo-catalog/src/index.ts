export { demoCatalogInput, createDemoCatalog } from './demo-catalog.js';
export { demoQueries } from './demo-queries.js';
export type { DemoQuery } from './demo-queries.js';
export { createLargeDemoCatalogInput } from './synthetic/large-demo-catalog.js';
export type { CatalogSourceInput } from './synthetic/large-demo-catalog.js';
