import { createLoadoutError, describeValue } from '../errors/index.js';
import type { LoadoutError } from '../errors/index.js';

/** A `mod-invalid` error whose message starts with the quoted mod name. */
export function modInvalid(mod: unknown, message: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('mod-invalid', `mod ${describeValue(mod)}: ${message}`, { mod, ...details });
}
