const whitespace = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Nesting past which {@link jsonErrorPosition} stops (it recurses once per level). */
export const JSON_ERROR_POSITION_MAX_DEPTH = 1000;

class JsonSyntaxStop {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {}
}

/** Where and why `text` stops being valid JSON; see {@link jsonSyntaxError}. */
export interface JsonSyntaxError {
  /** Offset of the first character that breaks it (`text.length` when it ends too early). */
  readonly position: number;
  /** Why, in the same words on every engine (`Unexpected end of JSON input`, `Unterminated string`, …). */
  readonly reason: string;
}

/**
 * Offset of the first character at which `text` stops being valid JSON
 * (`text.length` when it ends too early), or -1 when it is valid. Used after
 * `JSON.parse` failed, since engines disagree on whether their messages
 * carry a position. The scan recurses once per level, so past
 * {@link JSON_ERROR_POSITION_MAX_DEPTH} levels it stops and reports that
 * position instead of overflowing the stack.
 */
export function jsonErrorPosition(text: string): number {
  return jsonSyntaxError(text)?.position ?? -1;
}

/**
 * Where and why `text` is not JSON, or undefined when it is: the reason
 * comes from this scan, not from the engine's `JSON.parse` message, so every
 * engine (V8, SpiderMonkey, QuickJS) reports the same words.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let position = 0;
  let depth = 0;
  const fail = (reason = 'Unexpected character'): never => {
    throw new JsonSyntaxStop(position, position >= text.length && reason !== 'Unterminated string' ? 'Unexpected end of JSON input' : reason);
  };
  const skip = (): void => {
    while (position < text.length && whitespace.has(text.charCodeAt(position))) position++;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[position] !== char) fail();
      position++;
    }
  };
  const string = (): void => {
    position++;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (code === 0x22) {
        position++;
        return;
      }
      if (code < 0x20) fail('Bad control character in string literal');
      if (code === 0x5c) {
        position++;
        const escape = text[position];
        if (escape === 'u') {
          for (let digit = 0; digit < 4; digit++) {
            position++;
            if (!/[0-9a-fA-F]/.test(text[position] ?? '')) fail('Bad Unicode escape');
          }
        } else if (escape === undefined || !'"\\/bfnrt'.includes(escape)) {
          fail('Bad escaped character');
        }
      }
      position++;
    }
    fail('Unterminated string');
  };
  const number = (): void => {
    const match = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    match.lastIndex = position;
    const found = match.exec(text);
    if (found === null || found[0].length === 0) fail('Invalid number');
    position += found![0].length;
  };
  const value = (): void => {
    skip();
    const char = text[position];
    if (++depth > JSON_ERROR_POSITION_MAX_DEPTH) fail('Nested too deeply');
    container(char);
    depth--;
  };
  const container = (char: string | undefined): void => {
    if (char === '{') {
      position++;
      skip();
      if (text[position] === '}') {
        position++;
        return;
      }
      for (;;) {
        skip();
        if (text[position] !== '"') fail('Expected double-quoted property name');
        string();
        skip();
        if (text[position] !== ':') fail("Expected ':' after property name");
        position++;
        value();
        skip();
        if (text[position] === ',') position++;
        else if (text[position] === '}') return void position++;
        else fail("Expected ',' or '}' after property value");
      }
    }
    if (char === '[') {
      position++;
      skip();
      if (text[position] === ']') {
        position++;
        return;
      }
      for (;;) {
        value();
        skip();
        if (text[position] === ',') position++;
        else if (text[position] === ']') return void position++;
        else fail("Expected ',' or ']' after array element");
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    fail();
  };
  try {
    value();
    skip();
    if (position < text.length) fail('Unexpected non-whitespace character after JSON');
  } catch (error) {
    if (error instanceof JsonSyntaxStop) return { position: error.position, reason: error.reason };
    throw error;
  }
  return undefined;
}
