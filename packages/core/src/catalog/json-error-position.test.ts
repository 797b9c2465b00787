import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from './json-error-position.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const damaged = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '\\', 'x', '\n', '-'))
  .map(([text, at, insert]) => {
    const cut = at % (text.length + 1);
    return text.slice(0, cut) + insert + text.slice(cut + (at % 2));
  });

describe('jsonErrorPosition', () => {
  it('finds the offending character', () => {
    expect(jsonErrorPosition('{"name":}')).toBe(8);
    expect(jsonErrorPosition('[1, 2,]')).toBe(6);
    expect(jsonErrorPosition('{"a": tru}')).toBe(9);
    expect(jsonErrorPosition('[1] x')).toBe(4);
    expect(jsonErrorPosition('{"a": "b')).toBe(8);
    expect(jsonErrorPosition('')).toBe(0);
    expect(jsonErrorPosition('{"a":[1,{"b":null}]}')).toBe(-1);
  });

  it('agrees with JSON.parse on valid and damaged documents', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), damaged), (text) => {
        const position = jsonErrorPosition(text);
        expect(position === -1).toBe(parses(text));
        expect(position).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('jsonSyntaxError', () => {
  it('says why in its own words, whatever the engine', async () => {
    const { jsonSyntaxError } = await import('./json-error-position.js');
    expect(jsonSyntaxError('[1, 2]')).toBeUndefined();
    expect(jsonSyntaxError('')).toEqual({ position: 0, reason: 'Unexpected end of JSON input' });
    expect(jsonSyntaxError('{"a": "b')).toEqual({ position: 8, reason: 'Unterminated string' });
    expect(jsonSyntaxError('{"a":1,}')).toEqual({ position: 7, reason: 'Expected double-quoted property name' });
    expect(jsonSyntaxError('[1 2]')).toEqual({ position: 3, reason: "Expected ',' or ']' after array element" });
    expect(jsonSyntaxError('[1] x')).toEqual({ position: 4, reason: 'Unexpected non-whitespace character after JSON' });
    expect(jsonSyntaxError('"\\x"')).toEqual({ position: 2, reason: 'Bad escaped character' });
  });
});
