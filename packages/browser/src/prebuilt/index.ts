export { buildPrebuiltIndex } from './build-prebuilt-index.js';
export type { BuiltPrebuiltIndex } from './build-prebuilt-index.js';
export { encodePrebuiltIndex, decodePrebuiltIndex, isPrebuiltIndex } from './prebuilt-index-codec.js';
export type { PrebuiltIndex } from './prebuilt-index-codec.js';
