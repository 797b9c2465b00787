import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import { describe, expect, it } from 'vitest';
import { RANK_FILES } from './__fixtures__/rank-files.js';
import type { TiktokenEncodingName } from './encodings.js';
import { spellPreTokenizerPattern } from './pre-tokenizer-pattern.js';
import { buildRankTable } from './rank-table.js';
import { createTextCounter } from './text-counter.js';

const ENCODINGS: readonly TiktokenEncodingName[] = ['cl100k_base', 'o200k_base'];
const EVAL_DIRECTORY = fileURLToPath(new URL('../../../../shared/data/eval/', import.meta.url));
const EVAL_CATALOGS = ['mix10k', 'livemcpbench', 'toolbench_stb', 'sealtools'];
const SAMPLE = readFileSync(new URL('../../../tooling/unicode/__fixtures__/non-ascii-sample.txt', import.meta.url), 'utf8');

/** Each encoding's pattern as the rank file writes it and spelled out, compiled once. */
const PATTERNS = Object.fromEntries(
  ENCODINGS.map((encoding) => {
    const source = RANK_FILES[encoding].pat_str;
    const spelled = spellPreTokenizerPattern(source)!;
    return [encoding, { original: new RegExp(source, 'gu'), unicode: new RegExp(spelled.unicode, 'gu'), ascii: new RegExp(spelled.ascii, 'gu') }];
  }),
) as Record<TiktokenEncodingName, { original: RegExp; unicode: RegExp; ascii: RegExp }>;

/** The pieces a pre-tokenizer pattern cuts `text` into. */
function pieces(pattern: RegExp, text: string): string[] {
  return Array.from(text.matchAll(pattern), (match) => match[0]);
}

/**
 * Texts whose pieces differ between the rank file's own pattern (with
 * `\p{…}`) and the spelled-out one (for ASCII text, its ASCII form too).
 */
function differing(encoding: TiktokenEncodingName, texts: Iterable<string>): string[] {
  const { original, unicode, ascii } = PATTERNS[encoding];
  const out: string[] = [];
  for (const text of texts) {
    const expected = pieces(original, text).join('\u0000');
    if (pieces(unicode, text).join('\u0000') !== expected) out.push(text);
    else if (!/[^\x00-\x7f]/.test(text) && pieces(ascii, text).join('\u0000') !== expected) out.push(text);
  }
  return out;
}

const ascii = fc.string({ unit: fc.constantFrom(...[...' \n\r\t\'sStTdDlLmM_-/.,:;"{}[]()<>=+*&^%$#@!?`~|\\aZ09']), maxLength: 40 });
const scripts = fc.constantFrom(...[...'aZ9 _-\'s\n\r\t/.:"{}éÉǅǲᾈʰ\u0301\u0663ⅫＡａ中カ한ßİ𝐀𝟘🔍\u200d\u00a0\u3000Ωω'], "'ll", "'S", ' 12', '1234');

describe.each(ENCODINGS)('spellPreTokenizerPattern on %s', (encoding) => {
  const source = RANK_FILES[encoding].pat_str;

  it('leaves no property escape in the rank file’s pattern, and nothing but ASCII in its ASCII form', () => {
    const spelled = spellPreTokenizerPattern(source)!;
    expect(source).toMatch(/\\p\{/);
    expect(spelled.unicode).not.toMatch(/\\[pP]\{/);
    expect(spelled.ascii).not.toMatch(/\\[pP]\{|[^\x00-\x7f]/);
  });

  it('cuts the committed non-ASCII sample and mixed scripts into the same pieces as \\p{…}', () => {
    expect(differing(encoding, [SAMPLE, ...SAMPLE.split('\n')])).toEqual([]);
    fc.assert(
      fc.property(fc.string({ unit: scripts, maxLength: 40 }), (text) => {
        expect(differing(encoding, [text])).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('cuts any ASCII text the same with its ASCII form', () => {
    const every = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    expect(differing(encoding, [every, every.split('').join(' '), every.split('').reverse().join('\n')])).toEqual([]);
    fc.assert(
      fc.property(ascii, (text) => {
        expect(differing(encoding, [text])).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('cuts every code point the same, each alone and between letters', () => {
    const texts: string[] = [];
    for (let start = 0; start <= 0x10ffff; start += 512) {
      let run = '';
      for (let codePoint = start; codePoint < start + 512 && codePoint <= 0x10ffff; codePoint++) {
        if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
        run += `a${String.fromCodePoint(codePoint)}b `;
      }
      texts.push(run);
    }
    expect(differing(encoding, texts)).toEqual([]);
  });

  // Slow on a busy machine: js-tiktoken's encode is the reference (about 17,000 descriptions).
  it.skipIf(!existsSync(EVAL_DIRECTORY))('counts every description of the eval catalogs as js-tiktoken does, and cuts every tool line alike', { timeout: 120_000 }, () => {
    const lines = EVAL_CATALOGS.flatMap((name) => readFileSync(`${EVAL_DIRECTORY}${name}/tools.jsonl`, 'utf8').split('\n')).filter((line) => line.trim() !== '');
    const descriptions = lines.map((line) => (JSON.parse(line) as { description?: unknown }).description).filter((value): value is string => typeof value === 'string');
    expect(descriptions.filter((text) => /[^\x00-\x7f]/.test(text)).length).toBeGreaterThan(100);
    expect(differing(encoding, lines)).toEqual([]);
    const encoder = new Tiktoken(RANK_FILES[encoding]);
    const count = createTextCounter(buildRankTable(RANK_FILES[encoding].bpe_ranks)!, spellPreTokenizerPattern(source)!);
    const wrong = descriptions.filter((text) => count(text) !== encoder.encode(text, [], []).length);
    expect(wrong).toEqual([]);
  });
});

describe('spellPreTokenizerPattern on patterns no shipped encoding uses', () => {
  it('spells \\p{L} as a class outside brackets and inside them, and keeps other escapes', () => {
    const spelled = spellPreTokenizerPattern('\\p{L}+|[^\\s\\p{N}]\\.')!.unicode;
    expect(new RegExp(`^(?:${spelled})$`, 'u').test('Ωmega')).toBe(true);
    expect(new RegExp(`^(?:${spelled})$`, 'u').test('x.')).toBe(true);
    expect(new RegExp(`^(?:${spelled})$`, 'u').test('٣.')).toBe(false);
  });

  it('answers undefined for what the table cannot spell', () => {
    for (const source of ['\\P{L}', '\\p{Lm}', '[\\p{Lo}]', '\\p{Script=Latin}', '\\p{Greek}', '\\p{Lm}\\p{Lo}']) {
      expect(spellPreTokenizerPattern(source), source).toBeUndefined();
    }
  });
});
