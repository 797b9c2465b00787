import { describe, expect, it } from 'vitest';
import { runParserFuzz } from './run-parser-fuzz.js';

// A modest run in the suite; `pnpm bench -- --only fuzz` feeds 100,000.
describe('the public parsers under fuzz', () => {
  it('return or throw a LoadoutError with a code for deep, huge, non-JSON and prototype-named input', () => {
    const result = runParserFuzz(500);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toBe(500);
  }, 60_000);
});
