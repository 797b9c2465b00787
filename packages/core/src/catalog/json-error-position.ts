const whitespace = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Nesting past which {@link jsonErrorPosition} stops (it recurses once per level). */
export const JSON_ERROR_POSITION_MAX_DEPTH = 1000;

class JsonSyntaxStop {
  constructor(readonly position: number) {}
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
  let position = 0;
  let depth = 0;
  const fail = (): never => {
    throw new JsonSyntaxStop(position);
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
      if (code < 0x20) fail();
      if (code === 0x5c) {
        position++;
        const escape = text[position];
        if (escape === 'u') {
          for (let digit = 0; digit < 4; digit++) {
            position++;
            if (!/[0-9a-fA-F]/.test(text[position] ?? '')) fail();
          }
        } else if (escape === undefined || !'"\\/bfnrt'.includes(escape)) {
          fail();
        }
      }
      position++;
    }
    fail();
  };
  const number = (): void => {
    const match = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    match.lastIndex = position;
    const found = match.exec(text);
    if (found === null || found[0].length === 0) fail();
    position += found![0].length;
  };
  const value = (): void => {
    skip();
    const char = text[position];
    if (++depth > JSON_ERROR_POSITION_MAX_DEPTH) fail();
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
        if (text[position] !== '"') fail();
        string();
        skip();
        if (text[position] !== ':') fail();
        position++;
        value();
        skip();
        if (text[position] === ',') position++;
        else if (text[position] === '}') return void position++;
        else fail();
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
        else fail();
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
    if (position < text.length) fail();
  } catch (error) {
    if (error instanceof JsonSyntaxStop) return error.position;
    throw error;
  }
  return -1;
}
