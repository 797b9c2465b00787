import { createLoadoutError, describeValue } from '@loadout/core';

/**
 * `value` when it is a string, else `invalid-input` naming the function and
 * argument (`decide: input must be a string, got 42`). A component's host is
 * held to the WIT types; a plain JavaScript engine (QuickJS) passes anything.
 */
export function stringArgument(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  throw createLoadoutError('invalid-input', `${where} must be a string, got ${describeValue(value)}`, { argument: where });
}

/** `value` when it is a number (its range is checked where it is used), else `invalid-input` naming it. */
export function numberArgument(value: unknown, where: string): number {
  if (typeof value === 'number') return value;
  throw createLoadoutError('invalid-input', `${where} must be a number, got ${describeValue(value)}`, { argument: where });
}

/** Saved index bytes: a `Uint8Array`, or the plain array of numbers componentize-js hands over for a `list<u8>`; else `invalid-input`. */
export function bytesArgument(value: unknown, where: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  // A host's bytes can be a Uint8Array of another realm (componentize-js): same tag, another constructor.
  if (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]') return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value) && value.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) return Uint8Array.from(value as number[]);
  throw createLoadoutError('invalid-input', `${where} must be bytes (a Uint8Array or an array of integers 0-255), got ${describeValue(value)}`, { argument: where });
}
