export type { SelectToolsOptions } from './select-tools-options.js';
export type { DescriptionRewriter } from './rewrite-descriptions.js';
export type { PinMostUsedOptions } from './pin-most-used.js';
export { pinTools } from './pin-tools.js';
export { deferTools } from './defer-tools.js';
export { rewriteDescriptions } from './rewrite-descriptions.js';
export { pinMostUsed } from './pin-most-used.js';
