import { describe, it, expect } from 'vitest';
import { compactWordVectors } from './compact-word-vectors.js';
import { DEFAULT_STATIC_FIELD_WEIGHTS } from './field-weights.js';
import { parseWordVectorJson } from './parse-word-vector-json.js';
import { createSifEncoder, zipfProbability } from './sif-encoder.js';
import { TINY_WORDS, tinyVectorJson } from './__fixtures__/tiny-vectors.js';

const table = compactWordVectors(parseWordVectorJson(new TextEncoder().encode(tinyVectorJson(TINY_WORDS))));

describe('zipfProbability', () => {
  it('sums to about 1 over the vocabulary and falls with rank', () => {
    let sum = 0;
    for (let rank = 0; rank < 50_000; rank++) sum += zipfProbability(rank, 50_000);
    expect(sum).toBeCloseTo(1, 4);
    expect(zipfProbability(0, 1000)).toBeGreaterThan(zipfProbability(1, 1000));
  });
});

describe('createSifEncoder', () => {
  const encoder = createSifEncoder(table);

  it('sums known words with weights a/(a+p), so frequent words count less', () => {
    const mail = encoder.encodeText('mail');
    const email = encoder.encodeText('email');
    const both = encoder.encodeText('mail email');
    for (let index = 0; index < 8; index++) expect(both[index]).toBeCloseTo(mail[index]! + email[index]!, 5);
    const weight = (rank: number) => 1e-3 / (1e-3 + zipfProbability(rank, table.vocabularySize));
    const row = table.words.indexOf('email');
    expect(email[1]).toBeCloseTo(weight(table.ranks[row]!) * 2, 1);
    expect(weight(0)).toBeLessThan(weight(12));
  });

  it('skips stopwords unless told otherwise', () => {
    expect(Array.from(encoder.encodeText('the email for you'))).toEqual(Array.from(encoder.encodeText('email')));
    expect(encoder.isStopword('the')).toBe(true);
    const keepAll = createSifEncoder(table, { stopwords: new Set() });
    expect(Array.from(keepAll.encodeText('the email'))).not.toEqual(Array.from(keepAll.encodeText('email')));
  });

  it('tokenises identifiers and skips unknown words', () => {
    expect(Array.from(encoder.encodeText('sendEmail'))).toEqual(Array.from(encoder.encodeText('send email')));
    expect(Array.from(encoder.encodeText('zzz email qqq'))).toEqual(Array.from(encoder.encodeText('email')));
    expect(Array.from(encoder.encodeText('zzz'))).toEqual(new Array(8).fill(0));
  });

  it('sums each field times its weight', () => {
    const fields = { name: 'send_email', description: 'Send a mail', parameterNames: 'path', parameterDescriptions: 'the inbox' };
    const vector = encoder.encodeFields(fields, DEFAULT_STATIC_FIELD_WEIGHTS);
    const expected = new Float32Array(8);
    expect(encoder.addText(expected, 'send_email', 3)).toBe(2);
    expect(encoder.addText(expected, 'Send a mail', 2)).toBe(2);
    expect(encoder.addText(expected, 'the inbox', 1)).toBe(1);
    expect(encoder.addText(expected, 'path', 0.5)).toBe(1);
    expect(Array.from(vector)).toEqual(Array.from(expected));
    expect(encoder.has('inbox')).toBe(true);
    expect(encoder.has('e-mail')).toBe(false);
  });
});
