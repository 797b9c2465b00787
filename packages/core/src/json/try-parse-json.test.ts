import { describe, expect, it } from 'vitest';
import { tryParseJson } from './try-parse-json.js';

describe('tryParseJson', () => {
  it('parse JSON, and answer undefined for anything else', () => {
    expect(tryParseJson('{"a": [1, null]}')).toEqual({ a: [1, null] });
    expect(tryParseJson('null')).toBeNull();
    expect(tryParseJson(' 0 ')).toBe(0);
    for (const text of ['', '{', 'undefined', "{'a': 1}", '[1,]', '['.repeat(100_000)]) expect(tryParseJson(text), text.slice(0, 10)).toBeUndefined();
  });
});
