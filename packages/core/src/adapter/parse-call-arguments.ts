import { describeValue } from '../errors/loadout-error.js';

/** A call's arguments parsed, or a message naming why they are not JSON. */
export type ParsedArguments = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * Reads the arguments of a function or tool-search call: OpenAI sends a
 * JSON string for function calls and may send an object for tool-search
 * calls; an empty string is `{}`.
 */
export function parseCallArguments(value: unknown): ParsedArguments {
  if (typeof value !== 'string') return { ok: true, value };
  if (value.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false, message: `arguments must be a JSON object, got a string that is not JSON: ${describeValue(value.length > 200 ? `${value.slice(0, 200)}…` : value)}` };
  }
}
