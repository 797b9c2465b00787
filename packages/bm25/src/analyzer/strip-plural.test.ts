import { describe, expect, it } from 'vitest';
import { stripPlural } from './strip-plural.js';

describe('stripPlural', () => {
  it('maps plurals to their singular', () => {
    expect(stripPlural('files')).toBe('file');
    expect(stripPlural('queries')).toBe('query');
    expect(stripPlural('channels')).toBe('channel');
  });

  it('leaves short words and ss / us / is endings alone', () => {
    for (const word of ['gas', 'bus', 'its', 'address', 'status', 'analysis', 'file', 'search']) expect(stripPlural(word)).toBe(word);
  });

  it('agrees with the harness rule it was measured with', () => {
    const reference = (token: string): string =>
      token.length > 3 && token.endsWith('s') && !/(ss|us|is)$/.test(token) ? (token.endsWith('ies') ? `${token.slice(0, -3)}y` : token.slice(0, -1)) : token;
    for (const word of ['ties', 'series', 'boxes', 'dies', 'news', 'ios', 'apis', 'ess', 'abcs', 'xies', 'a2s', 'éclairs']) expect(stripPlural(word)).toBe(reference(word));
  });
});
