export { createTiktokenCounter } from './tiktoken-counter.js';
export type { TiktokenCounterOptions } from './tiktoken-counter.js';
export { defaultTokenCounter } from './default-token-counter.js';
export { DEFAULT_TIKTOKEN_ENCODING } from './encodings.js';
export type { TiktokenEncodingName } from './encodings.js';
