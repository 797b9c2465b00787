export { createTiktokenCounter } from './tiktoken-counter.js';
export type { TiktokenCounterOptions } from './tiktoken-counter.js';
export { defaultTokenCounter } from './default-token-counter.js';
export type { TiktokenEncodingName } from './encodings.js';
