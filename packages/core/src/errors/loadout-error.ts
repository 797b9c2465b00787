import type { LoadoutErrorCode } from './error-codes.js';

const marker = Symbol.for('loadout.error');

/** Options of a {@link LoadoutError}. */
export interface LoadoutErrorOptions {
  /** The error this one wraps (a ranker's throw, a failed read), kept as the standard `Error.cause`. Default: none. */
  readonly cause?: unknown;
}

/**
 * The one error type Loadout throws. `code` is stable and machine-readable;
 * `message` names the offending value; `details` carries structured context
 * (a JSON path, the value, the limit) for programs; `cause` is the error it
 * wraps, when it wraps one.
 */
export class LoadoutError extends Error {
  readonly code: LoadoutErrorCode;
  readonly details: Readonly<Record<string, unknown>>;
  readonly [marker] = true;

  constructor(code: LoadoutErrorCode, message: string, details: Record<string, unknown> = {}, options: LoadoutErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'LoadoutError';
    this.code = code;
    this.details = details;
  }

  /** A JSON-safe view: `{ code, message, details? }`. */
  toJSON(): { code: LoadoutErrorCode; message: string; details?: Record<string, unknown> } {
    return Object.keys(this.details).length > 0
      ? { code: this.code, message: this.message, details: { ...this.details } }
      : { code: this.code, message: this.message };
  }
}

/** Creates a {@link LoadoutError}; messages should name the offending value, `options.cause` the error it wraps. */
export function createLoadoutError(
  code: LoadoutErrorCode,
  message: string,
  details?: Record<string, unknown>,
  options?: LoadoutErrorOptions,
): LoadoutError {
  return new LoadoutError(code, message, details, options);
}

/**
 * True for any Loadout error, including one thrown by a second copy of this
 * package (checks a global symbol, not the class identity).
 */
export function isLoadoutError(value: unknown): value is LoadoutError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/**
 * Renders a value for an error message: short, quoted, never throws (also
 * for cycles, or a `toString` that throws: those are described by their
 * kind). Scalars are shown (a string quoted, cut at `maxLength`); a
 * non-empty array or object is shown only by its shape (`an array of 3
 * items`, `an object with keys "mods", "servers"`), never its contents, so
 * a message cannot echo a file's text or a secret nested in it. A function
 * or an instance of a class (an SDK client holding its API key) is shown
 * only by its kind (`a function`, `a value of type OpenAI`).
 */
export function describeValue(value: unknown, maxLength = 80): string {
  let text: string;
  try {
    text = describeShape(value) ?? (typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? String(value)));
  } catch {
    try {
      text = String(value);
    } catch {
      text = `a value of type ${typeof value}`;
    }
  }
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** The name of the class an instance was made by, or `object` when it has none or hides it. */
function className(prototype: unknown): string {
  try {
    const name: unknown = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,40}$/.test(name) && name !== 'Object' ? name : 'object';
  } catch {
    return 'object';
  }
}

/** An array's or plain object's shape (`[]` and `{}` when empty), or undefined for anything else. */
function describeShape(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'function') return 'a function';
  // JSON.stringify writes NaN and ±Infinity as null.
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : String(value);
  if (typeof value !== 'object' || value === null) return undefined;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return `a value of type ${className(prototype)}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  return `an object with key${keys.length === 1 ? '' : 's'} ${keys.map((key) => JSON.stringify(key)).join(', ')}`;
}

/**
 * The kind of a value (`a string`, `a number`, `an array`, `an object`,
 * `null`, …) for a message that must not show the value itself: one that
 * may be a secret, such as an MCP server's `env` or `headers`.
 */
export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
