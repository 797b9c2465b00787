import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import { plan } from './plan.js';

describe('decide and plan messages', () => {
  it('name the argument, not the CLI\'s standard input or --input', () => {
    expect(() => decide('')).toThrow(expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/^decide: the input is empty/) }));
    expect(() => decide('{nope')).toThrow(expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/^decide input: invalid JSON at line 1, column \d+/) }));
    expect(() => plan('[{"name": "a", "description": "b"}]', 'tools.json', '{nope')).toThrow(
      expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/^plan input: invalid JSON/) }),
    );
    for (const input of ['', '{nope']) expect(() => decide(input)).toThrow(expect.objectContaining({ message: expect.not.stringMatching(/standard input|--input/) }));
  });
});
