import { describe, it, expect } from 'vitest';
import { compactWordVectors } from './compact-word-vectors.js';
import { DEFAULT_FIELD_WEIGHTS } from './field-weights.js';
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

  it('averages known words with weights a/(a+p), so frequent words count less', () => {
    const the = encoder.encodeText('the');
    const email = encoder.encodeText('email');
    const both = encoder.encodeText('the email');
    for (let index = 0; index < 8; index++) expect(both[index]).toBeCloseTo((the[index]! + email[index]!) / 2, 5);
    const weight = (rank: number) => 1e-3 / (1e-3 + zipfProbability(rank, table.vocabularySize));
    const row = table.words.indexOf('email');
    expect(email[1]).toBeCloseTo(weight(table.ranks[row]!) * 2, 1);
    expect(weight(0)).toBeLessThan(weight(12));
  });

  it('tokenises identifiers and skips unknown words', () => {
    expect(Array.from(encoder.encodeText('sendEmail'))).toEqual(Array.from(encoder.encodeText('send email')));
    expect(Array.from(encoder.encodeText('zzz email qqq'))).toEqual(Array.from(encoder.encodeText('email')));
    expect(Array.from(encoder.encodeText('zzz'))).toEqual(new Array(8).fill(0));
  });

  it('sums field averages times field weights', () => {
    const fields = { name: 'send_email', description: 'Send a mail', parameterNames: 'to', parameterDescriptions: 'the inbox' };
    const vector = encoder.encodeFields(fields, DEFAULT_FIELD_WEIGHTS);
    const expected = new Float32Array(8);
    encoder.addText(expected, 'send_email', 3);
    encoder.addText(expected, 'Send a mail', 2);
    encoder.addText(expected, 'the inbox', 1);
    encoder.addText(expected, 'to', 0.5);
    expect(Array.from(vector)).toEqual(Array.from(expected));
    expect(encoder.has('inbox')).toBe(true);
    expect(encoder.has('e-mail')).toBe(false);
  });
});
