import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAsciiIdentifiers } from './split-ascii-identifiers.js';
import { ASCII_PATTERNS, splitIdentifiersWith } from './split-identifiers.js';
import type { SplitIdentifiersOptions } from './split-identifiers.js';

const defaults: SplitIdentifiersOptions = { keepCompounds: true, splitDigits: true, maxCompoundLength: 48 };
const viaPatterns = (text: string, options: SplitIdentifiersOptions = defaults): string[] => splitIdentifiersWith(text, options, ASCII_PATTERNS);

describe('splitAsciiIdentifiers', () => {
  it('matches the regular expressions on tricky identifiers', () => {
    const cases = [
      'HTMLParser ABc AB aB a1B2c3 ABC12def X9y',
      'a___b a:::b a_::b a:_:b a..b a/.b .a. _a_ a-_-b',
      'mcp__slack__send_message github::createIssue https://example.com/a/b?c=d',
      'oauth2Token OAUTH2Token v1.2.3 file.tar.gz x__y__z::w',
      "Search Slack's messages, by date! then: also; done.",
    ];
    for (const text of cases) {
      for (const splitDigits of [true, false]) {
        for (const keepCompounds of [true, false]) {
          const options = { ...defaults, splitDigits, keepCompounds };
          expect(splitAsciiIdentifiers(text, options)).toEqual(viaPatterns(text, options));
        }
      }
    }
  });

  it('gives the tokens of the regular expressions on any ASCII text', () => {
    const text = fc.string({ unit: fc.constantFrom(...'aAbBzZ09_-./:  ,!?\'"#xYq\n'.split('')), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), fc.integer({ min: 2, max: 12 }), (value, keepCompounds, splitDigits, maxCompoundLength) => {
        const options = { keepCompounds, splitDigits, maxCompoundLength };
        expect(splitAsciiIdentifiers(value, options)).toEqual(viaPatterns(value, options));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the tokens of the regular expressions on any printable ASCII', () => {
    const text = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)), maxLength: 80 });
    fc.assert(
      fc.property(text, fc.boolean(), (value, splitDigits) => {
        const options = { ...defaults, splitDigits };
        expect(splitAsciiIdentifiers(value, options)).toEqual(viaPatterns(value, options));
      }),
      { numRuns: 500 },
    );
  });
});
