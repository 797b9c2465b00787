import { describe, expect, it } from 'vitest';
import { runParserFuzz } from './run-parser-fuzz.js';

// A modest run in the suite (100 inputs per parser); `pnpm bench -- --only fuzz` feeds 100,000.
describe('the public parsers under fuzz', () => {
  it('return or throw a LoadoutError with a code for deep, huge, non-JSON, prototype-named input and damaged files', () => {
    const result = runParserFuzz(800);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toBe(800);
    expect(result.perTarget['decodeWordVectorTable']).toMatchObject({ inputs: 100 });
  }, 120_000);
});
