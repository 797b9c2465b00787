import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compileGlob } from './glob.js';

function referenceRegex(pattern: string): RegExp {
  const body = Array.from(pattern, (char) =>
    char === '*' ? '[^]*' : char === '?' ? '[^]' : char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
  ).join('');
  return new RegExp(`^${body}$`, 'u');
}

describe('compileGlob', () => {
  it.each([
    ['create_*', 'create_issue', true],
    ['create_*', 'create_', true],
    ['create_*', 'xcreate_issue', false],
    ['*_issue', 'create_issue', true],
    ['*_issue', 'create_issues', false],
    ['*', '', true],
    ['', '', true],
    ['', 'a', false],
    ['?', '', false],
    ['?', 'a', true],
    ['?', 'ab', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['a**b', 'ab', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXcYb', false],
    ['Create_*', 'create_issue', false],
    ['list.issues', 'list.issues', true],
    ['list.issues', 'listXissues', false],
    ['[a-z]', 'a', false],
    ['[a-z]', '[a-z]', true],
    ['a+', 'aa', false],
    ['a\\*', 'a\\xyz', true],
    ['?', '😀', true],
    ['a?b', 'a😀b', true],
    ['*😀', 'x😀', true],
  ])('%j matches %j: %s', (pattern, name, expected) => {
    expect(compileGlob(pattern).matches(name)).toBe(expected);
  });

  it('keeps the pattern it was compiled from', () => {
    expect(compileGlob('a*').pattern).toBe('a*');
  });

  it('handles patterns longer than one machine word', () => {
    const pattern = `${'a?'.repeat(20)}*${'b'.repeat(15)}`;
    const glob = compileGlob(pattern);
    expect(glob.matches(`${'ax'.repeat(20)}zzz${'b'.repeat(15)}`)).toBe(true);
    expect(glob.matches(`${'ax'.repeat(20)}zzz${'b'.repeat(14)}`)).toBe(false);
    expect(glob.matches(`${'ax'.repeat(19)}zzz${'b'.repeat(15)}`)).toBe(false);
  });

  it('answers adversarial patterns without backtracking (a backtracking matcher would not finish)', () => {
    expect(compileGlob(`${'*a'.repeat(20)}*b`).matches('a'.repeat(256))).toBe(false);
    expect(compileGlob(`${'*a'.repeat(12)}*b`).matches('a'.repeat(256))).toBe(false);
  });

  const alphabet = fc.constantFrom('a', 'b', '_', '.', 'é', '😀');
  const patternAlphabet = fc.constantFrom('a', 'b', '_', '.', 'é', '😀', '*', '?');

  it('agrees with a reference regex (short patterns)', () => {
    fc.assert(
      fc.property(fc.array(patternAlphabet, { maxLength: 10 }), fc.array(alphabet, { maxLength: 14 }), (pattern, name) => {
        const text = pattern.join('');
        const subject = name.join('');
        expect(compileGlob(text).matches(subject)).toBe(referenceRegex(text).test(subject));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with a reference regex (long patterns, beyond one word)', () => {
    fc.assert(
      fc.property(
        fc.array(patternAlphabet, { minLength: 31, maxLength: 45 }),
        fc.array(alphabet, { minLength: 25, maxLength: 50 }),
        (pattern, name) => {
          const text = pattern.join('');
          const subject = name.join('');
          expect(compileGlob(text).matches(subject)).toBe(referenceRegex(text).test(subject));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('matches every name built from the pattern by filling wildcards', () => {
    const filled = fc.array(fc.tuple(patternAlphabet, fc.array(alphabet, { maxLength: 3 }), alphabet), { maxLength: 40 });
    fc.assert(
      fc.property(filled, (parts) => {
        const pattern = parts.map(([token]) => token).join('');
        const name = parts
          .map(([token, run, one]) => (token === '*' ? run.join('') : token === '?' ? one : token))
          .join('');
        expect(compileGlob(pattern).matches(name)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
