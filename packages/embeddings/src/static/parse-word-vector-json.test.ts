import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { parseWordVectorJson } from './parse-word-vector-json.js';
import { TINY_WORDS, tinyVectorJson } from './__fixtures__/tiny-vectors.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('parseWordVectorJson', () => {
  it('reads dimensions, the ranked word list and every vector with its rank', () => {
    const source = parseWordVectorJson(encode(tinyVectorJson(TINY_WORDS)));
    expect(source.dimensions).toBe(8);
    expect(source.words).toEqual(TINY_WORDS.map(([word]) => word));
    expect(source.vectors.size).toBe(TINY_WORDS.length);
    const email = source.vectors.get('email');
    expect(email?.rank).toBe(12);
    expect(Array.from(email!.vector)).toEqual([0, 2, 0, 0, 0, 0.2, 1, 0.1].map(Math.fround));
    expect(source.vectors.get('"')?.rank).toBe(TINY_WORDS.length - 1);
  });

  it('decodes only the vectors keep accepts', () => {
    const seen: number[] = [];
    const source = parseWordVectorJson(encode(tinyVectorJson(TINY_WORDS)), {
      keep: (word, rank, words) => {
        seen.push(rank);
        expect(words[rank]).toBe(word);
        return rank < 3;
      },
    });
    expect([...source.vectors.keys()]).toEqual(['the', ',', 'a']);
    expect(seen).toHaveLength(TINY_WORDS.length);
  });

  it('accepts whitespace, other key orders and escaped words, and ranks by position without wordIndex', () => {
    const text = ` {
      "vectors" : { "a\\"b" : [ 1, 2 ] ,
        "c" : [3,4] },
      "dimensions" : 2, "words" : [ "c", "a\\"b" ], "extra": {"nested": [1, {"x": "]"}]}
    } `;
    const source = parseWordVectorJson(encode(text));
    expect(source.vectors.get('a"b')).toEqual({ rank: 1, vector: Float32Array.from([1, 2]) });
    expect(source.vectors.get('c')).toEqual({ rank: 0, vector: Float32Array.from([3, 4]) });
  });

  it.each([
    ['not an object', '[1,2]'],
    ['no dimensions', '{"words":[],"vectors":{}}'],
    ['no words', '{"dimensions":2,"vectors":{}}'],
    ['no vectors', '{"dimensions":2,"words":[]}'],
    ['a short vector', '{"dimensions":3,"words":["a"],"vectors":{"a":[1,2]}}'],
    ['a non-number', '{"dimensions":2,"words":["a"],"vectors":{"a":[1,"x"]}}'],
    ['an unterminated object', '{"dimensions":2,"words":["a"],"vectors":{"a":[1,2]'],
  ])('throws index-corrupt on %s', (_, text) => {
    let caught: unknown;
    try {
      parseWordVectorJson(encode(text));
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('index-corrupt');
  });
});
