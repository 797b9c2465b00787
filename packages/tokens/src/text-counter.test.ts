import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import { describe, expect, it } from 'vitest';
import { TOOL_DEFINITIONS } from './__fixtures__/tool-definitions.js';
import { RANK_FILES } from './__fixtures__/rank-files.js';
import type { TiktokenEncodingName } from './encodings.js';
import { spellPreTokenizerPattern } from './pre-tokenizer-pattern.js';
import { buildRankTable } from './rank-table.js';
import { createTextCounter } from './text-counter.js';

const TRICKY = [
  ' ', '  ', '\n', '\r\n', '\t', "'s", "'S", "'ll", "'", '"', '\\', '{', '}', ':', ',', '_', '-', '/', '.', '0', '12',
  '1234', 'a', 'Z', 'é', 'ß', 'İ', '中', '한', '👍', '👍🏽', '\u0301', 'Aa', 'camelCase', 'URL', '<|endoftext|>', '\ud800',
];
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)) },
);
const text = fc.string({ unit, maxLength: 120 });
const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value, null, 2));

describe.each<TiktokenEncodingName>(['cl100k_base', 'o200k_base'])('createTextCounter (%s)', (encoding) => {
  const ranks = RANK_FILES[encoding];
  const encoder = new Tiktoken(ranks);
  const reference = (value: string): number => encoder.encode(value, [], []).length;
  const count = createTextCounter(buildRankTable(ranks.bpe_ranks)!, spellPreTokenizerPattern(ranks.pat_str)!);

  it('equals encode(text).length on random strings, unicode and lone surrogates included', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(count(value)).toBe(reference(value));
      }),
      { numRuns: 300 },
    );
  });

  it('equals encode(text).length on random JSON', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(count(value)).toBe(reference(value));
      }),
      { numRuns: 100 },
    );
  });

  it('equals encode(text).length on real tool definitions, compact and indented', () => {
    for (const definition of TOOL_DEFINITIONS) {
      for (const value of [JSON.stringify(definition), JSON.stringify(definition, null, 2)]) {
        expect(count(value)).toBe(reference(value));
      }
    }
  });

  it('equals encode(text).length on long runs that byte-pair encoding finds hard', () => {
    const runs = [
      '\\'.repeat(700),
      ` ${'\\'.repeat(301)}"`,
      'abcdefghij'.repeat(60),
      'MSVLTPLLWLMWAAGTVTLGCAPPPAVPEAL'.repeat(12),
      '0123456789'.repeat(50),
      ' '.repeat(500) + 'x',
      '\n'.repeat(200),
      '中文字符'.repeat(100),
    ];
    for (const value of runs) expect(count(value)).toBe(reference(value));
  });

  it('counts special-token text as ordinary text instead of throwing', () => {
    const value = 'ends with <|endoftext|> and <|endofprompt|>';
    expect(() => encoder.encode(value)).toThrow();
    expect(count(value)).toBe(reference(value));
  });

  it('gives the same count however often and in whatever order texts come', () => {
    const values = TOOL_DEFINITIONS.map((definition) => JSON.stringify(definition));
    const first = values.map(count);
    const again = [...values].reverse().map(count).reverse();
    expect(again).toEqual(first);
    expect(count('')).toBe(0);
  });
});
