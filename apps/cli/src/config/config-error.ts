import { createLoadoutError, describeValue } from '@loadout/core';
import type { LoadoutError, LoadoutErrorCode } from '@loadout/core';

/** A configuration error naming the file, the key and the offending value (never the file's contents). */
export function configError(code: LoadoutErrorCode, path: string, key: string, message: string, value?: unknown): LoadoutError {
  const shown = value === undefined ? '' : ` (got ${describeValue(value)})`;
  return createLoadoutError(code, `${path}: ${key}: ${message}${shown}`, { path, key });
}
