export { createEngine } from './engine/create-engine.js';
export type { EngineConfig, EngineOptions, TokenizerName } from './engine/engine-options.js';
export type {
  LoadoutEngine,
  PlanInput,
  EnginePlan,
  EnginePlanOptions,
  EngineSearchOptions,
  EngineSearchResult,
  RankerStatus,
  RankerAvailability,
} from './engine/engine-types.js';
export type { CatalogInput, LoadCatalogOptions, LoadedCatalog } from './catalog/catalog-input.js';
export { catalogHash, CATALOG_HASH_VERSION } from './catalog/catalog-hash.js';
export { createEngineRegistry, listEngineRankers } from './rankers/engine-registry.js';
export type { EngineRankerSummary } from './rankers/engine-registry.js';
export { createEngineRankers } from './rankers/engine-rankers.js';
export type { EngineRankerHost } from './rankers/engine-rankers.js';
export type { IndexSource } from './rankers/build-context.js';
export { VECTOR_STORE_VERSION } from './rankers/vector-persistence.js';
export { createWorkerEngine } from './worker/create-worker-engine.js';
export { serveEngine } from './worker/serve-engine.js';
export type { EngineServer, ServeEngineOptions } from './worker/serve-engine.js';
export type { MessageEndpoint, WorkerEndpoint } from './worker/endpoints.js';
export { PROTOCOL_VERSION, isEngineRequest, isEngineResponse } from './worker/protocol.js';
export type {
  EngineCalls,
  EngineMethod,
  CallMessage,
  CancelMessage,
  EngineRequest,
  ResultMessage,
  ErrorMessage,
  EngineResponse,
  WireError,
} from './worker/protocol.js';
export { toWireError, fromWireError } from './worker/wire-error.js';
export { indexKeyString } from './persistence/index-store.js';
export type { IndexKey, IndexStore } from './persistence/index-store.js';
export { createMemoryIndexStore } from './persistence/memory-index-store.js';
export type { MemoryIndexStore } from './persistence/memory-index-store.js';
export { createIndexedDbIndexStore, DEFAULT_INDEX_DATABASE, DEFAULT_MAX_STORED_INDEXES } from './persistence/indexeddb-index-store.js';
export type { IndexedDbIndexStore, IndexedDbIndexStoreOptions } from './persistence/indexeddb-index-store.js';
export { encodeVectorSet, decodeVectorSet } from './persistence/vector-blob.js';
export type { VectorSet } from './persistence/vector-blob.js';
export { fetchStaticTable, DEFAULT_STATIC_TABLE_CACHE } from './static-table/fetch-static-table.js';
export type { FetchStaticTableOptions } from './static-table/fetch-static-table.js';
export { createWasmTransformersEmbedder, DEFAULT_TRANSFORMERS_MODEL } from './transformers/wasm-transformers-embedder.js';
export type { WasmTransformersEmbedder, WasmTransformersEmbedderOptions } from './transformers/wasm-transformers-embedder.js';
export type { TransformersLibrary, FeatureExtractor, WasmPaths } from './transformers/transformers-library.js';
export { isCancelledError } from './shared/cancelled.js';
export type { CancelReason } from './shared/cancelled.js';
export { buildPrebuiltIndex } from './prebuilt/build-prebuilt-index.js';
export type { BuiltPrebuiltIndex } from './prebuilt/build-prebuilt-index.js';
export { encodePrebuiltIndex, decodePrebuiltIndex, isPrebuiltIndex } from './prebuilt/prebuilt-index-codec.js';
export type { PrebuiltIndex } from './prebuilt/prebuilt-index-codec.js';
export { highlightSegments } from './element/highlight.js';
export { clampText } from './element/render-hit.js';
export type { TextSegment } from './element/highlight.js';
