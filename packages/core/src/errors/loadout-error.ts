import type { LoadoutErrorCode } from './error-codes.js';

const marker = Symbol.for('loadout.error');

/**
 * The one error type Loadout throws. `code` is stable and machine-readable;
 * `message` names the offending value; `details` carries structured context
 * (a JSON path, the value, the limit) for programs.
 */
export class LoadoutError extends Error {
  readonly code: LoadoutErrorCode;
  readonly details: Readonly<Record<string, unknown>>;
  readonly [marker] = true;

  constructor(code: LoadoutErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
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

/** Creates a {@link LoadoutError}; messages should name the offending value. */
export function createLoadoutError(
  code: LoadoutErrorCode,
  message: string,
  details?: Record<string, unknown>,
): LoadoutError {
  return new LoadoutError(code, message, details);
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
 * for values nested 100,000 levels deep, cycles, or a `toString` that throws:
 * those are described by their kind).
 */
export function describeValue(value: unknown, maxLength = 80): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? String(value));
  } catch {
    try {
      text = Array.isArray(value) ? 'an array' : String(value);
    } catch {
      text = `a value of type ${typeof value}`;
    }
  }
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
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
