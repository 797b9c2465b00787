import { createLoadoutError, isLoadoutError, LOADOUT_ERROR_CODES } from '@loadout/core';
import type { LoadoutErrorCode } from '@loadout/core';
import type { WireError } from './protocol.js';

function jsonSafe(details: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  try {
    const copy = JSON.parse(JSON.stringify(details)) as unknown;
    return typeof copy === 'object' && copy !== null && Object.keys(copy).length > 0 ? (copy as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** An error as a {@link WireError}: code, message and JSON-safe details for a `LoadoutError`, name and message otherwise. */
export function toWireError(error: unknown): WireError {
  if (isLoadoutError(error)) {
    const details = jsonSafe(error.details);
    return { name: 'LoadoutError', message: error.message, code: error.code, ...(details === undefined ? {} : { details }) };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Rebuilds the error of a {@link WireError}: a `LoadoutError` when it carries a known code, else an `Error` with its name. */
export function fromWireError(wire: WireError): Error {
  if (wire.code !== undefined && (LOADOUT_ERROR_CODES as readonly string[]).includes(wire.code)) {
    return createLoadoutError(wire.code as LoadoutErrorCode, wire.message, wire.details ?? {});
  }
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}
