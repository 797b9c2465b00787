export { LOADOUT_ERROR_CODES } from './error-codes.js';
export type { LoadoutErrorCode, LoadoutErrorCodeRegistry } from './error-codes.js';
export { LoadoutError, createLoadoutError, isLoadoutError, describeValue, describeKind } from './loadout-error.js';
export type { LoadoutErrorOptions } from './loadout-error.js';
