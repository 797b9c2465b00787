import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight.js';

function marked(text: string, terms: readonly string[]): string {
  return highlightSegments(text, terms)
    .map((segment) => (segment.match ? `[${segment.text}]` : segment.text))
    .join('');
}

describe('highlightSegments', () => {
  it('marks whole words case-insensitively', () => {
    expect(marked('Refund a Stripe payment, refund it.', ['refund', 'stripe'])).toBe('[Refund] a [Stripe] payment, [refund] it.');
  });

  it('never marks a stopword, even when a ranker reports it matched (hybrid does)', () => {
    expect(marked('Send an email to a contact', ['send', 'an', 'to', 'email'])).toBe('[Send] an [email] to a contact');
  });

  it('does not mark words that only contain a term', () => {
    expect(marked('messaging and message', ['message'])).toBe('messaging and [message]');
  });

  it('marks plurals of a matched term, as the default analyzer reduces them', () => {
    expect(marked('List files and queries', ['file', 'query'])).toBe('List [files] and [queries]');
    expect(marked('get_issues', ['issue'])).toBe('get_[issues]');
    expect(marked('the status', ['statu'])).toBe('the status');
  });

  it('marks identifier pieces, and whole identifiers when their compound matched', () => {
    expect(marked('create_pull_request', ['pull'])).toBe('create_[pull]_request');
    expect(marked('useCheckoutSession here', ['checkout'])).toBe('use[Checkout]Session here');
    expect(marked('create_pull_request', ['createpullrequest', 'pull'])).toBe('[create_pull_request]');
    expect(marked('oauth2 token', ['2'])).toBe('oauth[2] token');
  });

  it('marks words of every script: accented, German, and the matched pairs of a Han or kana run', () => {
    expect(marked('Créer un ticket', ['créer', 'ticket'])).toBe('[Créer] un [ticket]');
    expect(marked('créer_ticket', ['créer'])).toBe('[créer]_ticket');
    expect(marked('Straße suchen', ['straße'])).toBe('[Straße] suchen');
    expect(marked('ÉTAT global', ['état'])).toBe('[ÉTAT] global');
    expect(marked('ファイルを検索する', ['検索'])).toBe('ファイルを[検索]する');
    expect(marked('検索', ['検索'])).toBe('[検索]');
    expect(marked('Ändern', ['andern'])).toBe('Ändern');
  });

  it('returns the text as one plain segment without terms', () => {
    expect(highlightSegments('a b', [])).toEqual([{ text: 'a b', match: false }]);
    expect(highlightSegments('', ['a'])).toEqual([]);
  });

  it('always gives the text back, with no two adjacent segments of one kind', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 4 }), (text, terms) => {
        const segments = highlightSegments(text, terms);
        expect(segments.map((segment) => segment.text).join('')).toBe(text);
        for (let index = 1; index < segments.length; index++) expect(segments[index]!.match).not.toBe(segments[index - 1]!.match);
        for (const segment of segments) expect(segment.text).not.toBe('');
      }),
    );
  });
});
