import { makeTools } from '@loadout/core/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { completeWord, lastWordOf, MAX_COMPLETIONS, sortVocabulary } from './complete-last-word.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { createDictionary } from './dictionary.js';
import type { Postings } from './postings.js';

const tools = makeTools([
  { name: 'create_issue', server: 'github', description: 'Open a new issue in a repository' },
  { name: 'create_channel', server: 'slack', description: 'Create a Slack channel' },
  { name: 'list_issues', server: 'github', description: 'List the issues of a repository' },
  { name: 'send_message', server: 'slack', description: 'Post a message to a channel' },
  { name: 'get_credentials', server: 'vault', description: 'Read stored credentials' },
]);

const names = (ranker: ReturnType<typeof createBm25Ranker>, query: string): string[] => ranker.search(query, { limit: 5 }).map((hit) => hit.tool.name);

describe('lastWordOf', () => {
  it('is the letters and digits ending the query, lower case, from 2 characters; nothing after white space or punctuation', () => {
    expect(lastWordOf('create Iss')).toBe('iss');
    expect(lastWordOf('cr')).toBe('cr');
    expect(lastWordOf('c')).toBeUndefined();
    expect(lastWordOf('create ')).toBeUndefined();
    expect(lastWordOf('create,')).toBeUndefined();
    expect(lastWordOf('💬')).toBeUndefined();
    expect(lastWordOf('créa')).toBe('créa');
  });
});

describe('createBm25Ranker completeLastWord', () => {
  const completing = createBm25Ranker({ completeLastWord: true });
  completing.index(tools);
  const plain = createBm25Ranker();
  plain.index(tools);

  it('finds the tools of the word being typed, where the plain ranker finds none', () => {
    for (const typed of ['cr', 'cre', 'crea', 'creat']) expect(names(plain, typed)).toEqual([]);
    // `cr` and `cre` also start `credentials`, a rarer word: its one tool is among the first three.
    for (const typed of ['cr', 'cre']) expect(names(completing, typed).slice(0, 3).sort()).toEqual(['create_channel', 'create_issue', 'get_credentials']);
    for (const typed of ['crea', 'creat']) expect(names(completing, typed).slice(0, 2).sort()).toEqual(['create_channel', 'create_issue']);
    expect(names(completing, 'create is')[0]).toBe('create_issue');
    expect(names(completing, 'send mess')[0]).toBe('send_message');
  });

  it('marks the completed word as matched, at the prefix weight', () => {
    const ranker = createBm25Ranker({ completeLastWord: true, analyzer: { keepCompounds: false } });
    ranker.index(tools);
    const [hit] = ranker.search('creat', { limit: 1, explain: true });
    expect(hit?.explanation?.matchedTerms).toEqual(['create']);
    const [exact] = ranker.search('create', { limit: 1, explain: true });
    expect(exact!.tool).toBe(hit!.tool);
    expect(hit!.score).toBeCloseTo(exact!.score * 0.9, 6);
  });

  it('counts the completions of the last word as one word: a tool scores the best of them, not their sum', () => {
    const catalog = makeTools([
      { name: 'issue_certificate', server: 'pki', description: 'Issue a certificate: issuer, issuance, issued, issuers' },
      { name: 'create_issue', server: 'github', description: 'Create an issue' },
      { name: 'create_page', server: 'wiki', description: 'Create a page' },
      { name: 'delete_page', server: 'wiki', description: 'Delete a page' },
    ]);
    // No prefix matching and no compounds: a one-word query then scores exactly that word's contribution.
    const settings = { prefixWeight: 0, analyzer: { keepCompounds: false } };
    const ranker = createBm25Ranker({ ...settings, completeLastWord: true });
    ranker.index(catalog);
    const plainRanker = createBm25Ranker(settings);
    plainRanker.index(catalog);
    for (const typed of ['create iss', 'create issu']) {
      const hits = ranker.search(typed, { limit: 5, explain: true });
      expect(hits[0]!.tool.name).toBe('create_issue');
      const certificate = hits.find((hit) => hit.tool.name === 'issue_certificate')!;
      // It matches several completions (issue, issuer, issuers, issuance, issued); it scores only the best one.
      expect(certificate.explanation!.matchedTerms.length).toBeGreaterThan(3);
      const best = Math.max(...certificate.explanation!.matchedTerms.map((term) => plainRanker.search(term, { limit: 5 }).find((hit) => hit.tool.name === 'issue_certificate')?.score ?? 0));
      expect(certificate.score).toBeCloseTo(best * 0.9, 6);
      expect(Object.values(certificate.explanation!.fields).reduce((sum, value) => sum + value, 0)).toBeCloseTo(certificate.score, 6);
    }
  });

  it('scores a last word typed out as the plain ranker does where a tool holds it: its completions weigh less', () => {
    const catalog = makeTools([
      { name: 'create_issue', server: 'github', description: 'Create an issue' },
      { name: 'create_issue', server: 'jira', description: 'Create an issue of an issuetype' },
      { name: 'list_labels', server: 'gmail', description: 'Labels created by the user' },
      { name: 'delete_page', server: 'wiki', description: 'Delete a page' },
    ]);
    const ranker = createBm25Ranker({ completeLastWord: true });
    ranker.index(catalog);
    const plainRanker = createBm25Ranker();
    plainRanker.index(catalog);
    const scores = (from: typeof ranker, query: string) => from.search(query, { limit: 5 }).map((hit) => [hit.tool.displayName, hit.score]);
    expect(scores(ranker, 'create issue')).toEqual(scores(plainRanker, 'create issue'));
    expect(scores(ranker, 'create').slice(0, 2)).toEqual(scores(plainRanker, 'create').slice(0, 2));
    expect(ranker.search('create', { limit: 5 }).map((hit) => hit.tool.name)).toContain('list_labels');
  });

  it('changes nothing for a query that ends in white space, or whose last word is one letter', () => {
    const search = (ranker: typeof plain, query: string) => ranker.search(query, { limit: 5 }).map((hit) => [hit.tool.displayName, hit.score]);
    expect(search(completing, 'create issue ')).toEqual(search(plain, 'create issue '));
    expect(search(completing, 'create i')).toEqual(search(plain, 'create i'));
  });

  it('is off by default and refuses a value that is not a boolean', () => {
    expect(names(plain, 'creat')).toEqual([]);
    expect(() => createBm25Ranker({ completeLastWord: 'yes' as never })).toThrow(/completeLastWord must be true or false/);
  });

  it('completes after tools are added, with the new words', () => {
    const ranker = createBm25Ranker({ completeLastWord: true });
    ranker.index(tools);
    expect(names(ranker, 'forec')).toEqual([]);
    ranker.add(makeTools([{ name: 'get_forecast', description: 'Weather forecast' }]));
    expect(names(ranker, 'forec')).toEqual(['get_forecast']);
  });
});

describe('completeWord', () => {
  /** Postings where term `t` is in `df[t]` tools. */
  function postingsOf(df: readonly number[]): Postings {
    const termStart = new Int32Array(df.length + 1);
    for (let term = 0; term < df.length; term++) termStart[term + 1] = termStart[term]! + df[term]!;
    return { docCount: 100, termCount: df.length, termStart, docs: new Int32Array(termStart[df.length]!), tfs: new Uint16Array(0), fieldLengths: new Int32Array(0) };
  }

  it('returns the longer words with the prefix, the most frequent first, at most the buffer, as a scan of every word does', () => {
    const analyzer = createToolAnalyzer();
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-c]{1,4}$/), { maxLength: 40 }), fc.stringMatching(/^[a-c]{2,3}$/), fc.nat(8), (words, prefix, seed) => {
        const df = words.map((_, index) => ((index * 7 + seed) % 5) + 1);
        const dictionary = createDictionary(words);
        const postings = postingsOf(df);
        const out = new Int32Array(4);
        const count = completeWord(prefix, dictionary, sortVocabulary(dictionary, postings), analyzer, out);
        const expected = words
          .map((word, term) => ({ word, term, df: df[term]! }))
          .filter(({ word }) => word.startsWith(prefix) && word !== prefix && analyzer.analyzeQuery(word).length > 0)
          .sort((left, right) => right.df - left.df || (left.word < right.word ? -1 : 1))
          .slice(0, 4)
          .map(({ term }) => term);
        expect([...out.subarray(0, count)]).toEqual(expected);
      }),
    );
    expect(MAX_COMPLETIONS).toBe(16);
  });
});
