import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNICODE_CATEGORY_RUNS } from '../../packages/core/src/utils/unicode-category-runs.js';
import { UNICODE_PATTERNS, splitIdentifiersWith } from '../../packages/core/src/utils/split-identifiers.js';
import type { SplitIdentifiersOptions, SplitPatterns } from '../../packages/core/src/utils/split-identifiers.js';
import { classifyCodePoints, encodeCategoryRuns } from './unicode-category-runs.js';

/** The splitter's patterns as they were written before the table: Unicode property escapes. */
const PROPERTY_ESCAPE_PATTERNS: SplitPatterns = {
  chunk: /[\p{L}\p{M}\p{N}]+(?:[_\-./:]+[\p{L}\p{M}\p{N}]+)*/gu,
  wordsSplittingDigits: /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}+\p{M}*|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}\p{M}]+/gu,
  wordsKeepingDigits: /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}\p{N}]+|\p{Lu}+[\p{M}\p{N}]*|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}\p{M}\p{N}]+/gu,
};

const OPTIONS: readonly SplitIdentifiersOptions[] = [true, false].flatMap((keepCompounds) =>
  [true, false].map((splitDigits) => ({ keepCompounds, splitDigits, maxCompoundLength: 48 })),
);

/** Texts whose split differs between the table and the property escapes (empty when equal). */
function differences(texts: Iterable<string>): string[] {
  const differing: string[] = [];
  for (const text of texts) {
    for (const options of OPTIONS) {
      const expected = splitIdentifiersWith(text, options, PROPERTY_ESCAPE_PATTERNS).join(' ');
      if (splitIdentifiersWith(text, options, UNICODE_PATTERNS).join(' ') !== expected) differing.push(text);
    }
  }
  return differing;
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      collectStrings(item, out);
    }
  }
}

const EVAL_DIRECTORY = fileURLToPath(new URL('../../../shared/data/eval/', import.meta.url));
const EVAL_FILES = ['mix10k', 'livemcpbench', 'toolbench_stb', 'sealtools'].flatMap((name) => [`${name}/tools.jsonl`, `${name}/queries.dev.jsonl`]);

describe('the Unicode category table', () => {
  it('equals this engine’s \\p{Lu}, \\p{Ll}, \\p{Lm}\\p{Lo}, \\p{M}, \\p{N}, \\p{Lt} on every code point (else run tooling/unicode/write-unicode-category-runs.ts)', () => {
    expect(encodeCategoryRuns(classifyCodePoints()) === UNICODE_CATEGORY_RUNS).toBe(true);
  });

  it('splits the committed non-ASCII sample as the property escapes did', () => {
    const sample = readFileSync(new URL('./__fixtures__/non-ascii-sample.txt', import.meta.url), 'utf8');
    const lines = sample.split('\n').filter((line) => line.length > 0);
    expect(differences([...lines, sample])).toEqual([]);
    expect(splitIdentifiersWith('Поиск_по_базе', OPTIONS[0]!, UNICODE_PATTERNS)).toEqual(['поиск', 'по', 'базе', 'поискпобазе']);
  });

  it('splits any mix of scripts, cases, marks and digits as the property escapes did', () => {
    const unit = fc.constantFrom(...[...'aZ9_-./: éÉǅʰ\u0301\u0663ⅫＡａ中カ한ßİ𝐀𝟘🔍\u200d']);
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (text) => {
        expect(differences([text])).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it.skipIf(!existsSync(EVAL_DIRECTORY))('splits every string of the eval catalogs and queries as the property escapes did', () => {
    const texts: string[] = [];
    for (const file of EVAL_FILES) {
      const path = `${EVAL_DIRECTORY}${file}`;
      if (!existsSync(path)) continue;
      for (const line of readFileSync(path, 'utf8').split('\n')) if (line.trim().length > 0) collectStrings(JSON.parse(line), texts);
    }
    // ASCII text never reaches the Unicode patterns (splitIdentifiers scans it by hand).
    const nonAscii = texts.filter((text) => /[^\x00-\x7f]/.test(text));
    expect(nonAscii.length).toBeGreaterThan(100);
    expect(differences(nonAscii)).toEqual([]);
  });
});
