import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { LoadoutError, LoadoutErrorCode } from '@loadout/core';

/** A plug-in module's error, naming the config, the key and the module's file. */
export function moduleError(code: LoadoutErrorCode, path: string, key: string, file: string, message: string): LoadoutError {
  return createLoadoutError(code, `${path}: ${key} (${file}): ${message}`, { path, key, file });
}

/** `error`, a LoadoutError, as a {@link moduleError} with its code and message; any other error as is. */
export function rethrowIn(error: unknown, path: string, key: string, file: string): never {
  if (isLoadoutError(error)) throw moduleError(error.code, path, key, file, error.message);
  throw error;
}
