export { demoCatalogInput, createDemoCatalog, demoServices } from './demo-catalog.js';
export { demoQueries } from './demo-queries.js';
export type { DemoQuery } from './demo-queries.js';
export type { DemoService } from './builder.js';
export { createLargeDemoCatalogInput, LARGE_DEMO_CATALOG_SIZE } from './synthetic/large-demo-catalog.js';
export type { CatalogSourceInput } from './synthetic/large-demo-catalog.js';
