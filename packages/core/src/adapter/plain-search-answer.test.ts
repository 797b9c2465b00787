import { describe, expect, it } from 'vitest';
import { plainAnswerNames, plainSearchAnswer } from './plain-search-answer.js';

describe('plainSearchAnswer', () => {
  it('writes the found names and definitions, or an empty list and the error', () => {
    expect(plainSearchAnswer(['get_weather'], [{ name: 'get_weather', description: 'Weather' }], null)).toBe(
      '{"loaded":["get_weather"],"tools":[{"name":"get_weather","description":"Weather"}]}',
    );
    expect(plainSearchAnswer(['ignored'], [{ name: 'ignored' }], 'search_tools: the query is empty')).toBe('{"loaded":[],"error":"search_tools: the query is empty"}');
  });

  it('names the tools the answer unloaded, with a note for the model, only when there are some', () => {
    expect(JSON.parse(plainSearchAnswer(['c'], [], null, { tools: ['a', 'b'], maxFunctions: 128 }))).toEqual({
      loaded: ['c'],
      tools: [],
      unloaded: ['a', 'b'],
      note: 'At most 128 functions fit one request, so these earlier loaded tools were unloaded: a, b. Search for them again to use them.',
    });
    expect(plainSearchAnswer(['c'], [], null, { tools: [], maxFunctions: 128 })).toBe('{"loaded":["c"],"tools":[]}');
    expect(plainAnswerNames(plainSearchAnswer(['c'], [], null, { tools: ['a'], maxFunctions: 2 }))).toEqual(['c']);
  });
});

describe('plainAnswerNames', () => {
  it('reads back the names an answer loaded', () => {
    expect(plainAnswerNames(plainSearchAnswer(['a', 'b'], [], null))).toEqual(['a', 'b']);
    expect(plainAnswerNames(plainSearchAnswer([], [], 'failed'))).toEqual([]);
  });

  it('finds nothing in text that is not an answer: other JSON, non-string names, broken JSON, not text', () => {
    expect(plainAnswerNames('{"result": "sunny"}')).toEqual([]);
    expect(plainAnswerNames('{"loaded": ["a", 5, null, "b"]}')).toEqual(['a', 'b']);
    expect(plainAnswerNames('{"loaded": "a"}')).toEqual([]);
    expect(plainAnswerNames('{"loaded": [')).toEqual([]);
    expect(plainAnswerNames([{ type: 'tool_reference', tool_name: 'a' }])).toEqual([]);
    expect(plainAnswerNames(undefined)).toEqual([]);
  });
});
