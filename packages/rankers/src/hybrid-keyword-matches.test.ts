import { createBm25Ranker } from '@loadout/bm25';
import { createCatalog } from '@loadout/core';
import type { ToolInput } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createBuiltinRegistry } from './create-builtin-registry.js';

// Issue 29, item 7: hybrid fusion never drops a keyword match, and its explanations' ranks agree
// with its scores, on catalogs of 1, 2, 8 and 10,000 tools.
const WORDS = ['send', 'email', 'invoice', 'refund', 'weather', 'forecast', 'message', 'channel', 'issue', 'repository', 'file', 'folder', 'calendar', 'meeting', 'payment', 'customer', 'report', 'billing', 'ticket', 'database'];
const EIGHT: ToolInput[] = [
  { name: 'send_email', server: 'mail', description: 'Send an email message to a recipient' },
  { name: 'read_inbox', server: 'mail', description: 'List unread messages' },
  { name: 'create_invoice', server: 'billing', description: 'Create a customer invoice' },
  { name: 'refund_payment', server: 'billing', description: 'Refund a card payment' },
  { name: 'get_weather', server: 'weather', description: 'Current weather forecast for a city' },
  { name: 'post_message', server: 'slack', description: 'Post a message to a channel' },
  { name: 'create_issue', server: 'github', description: 'Open an issue in a repository' },
  { name: 'list_files', server: 'drive', description: 'List files in a folder' },
];

function synthetic(count: number): ToolInput[] {
  let state = 29;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const word = (): string => WORDS[Math.floor(next() * WORDS.length)]!;
  return Array.from({ length: count }, (_, index) => ({ name: `${word()}_${word()}_${index}`, server: `s${index % 50}`, description: `${word()} the ${word()} of a ${word()} and ${word()}` }));
}

const PART = /^(.+?): score (-?\d+\.\d+), rank (\d+)(?: \(tied with \d+ others?\))? of (\d+) among the (.+?) → /;

/** Within one ranker and the hits its rank is counted among, a better score has a better rank and the same score (as printed) the same rank. */
function expectRanksAgreeWithScores(query: string, notes: readonly string[]): void {
  const groups = new Map<string, { score: number; rank: number }[]>();
  for (const note of notes) {
    const match = PART.exec(note);
    if (match === null) continue;
    const [, label, score, rank, of, among] = match;
    const key = `${label} among ${of} ${among}`;
    groups.set(key, [...(groups.get(key) ?? []), { score: Number(score), rank: Number(rank) }]);
  }
  expect(groups.size, `${query}: explained parts`).toBeGreaterThan(0);
  for (const [key, parts] of groups) {
    for (const left of parts) {
      for (const right of parts) {
        if (left.score > right.score) expect(left.rank, `${query}, ${key}: ${left.score} above ${right.score}`).toBeLessThan(right.rank);
        if (left.rank < right.rank) expect(left.score, `${query}, ${key}: rank ${left.rank} before ${right.rank}`).toBeGreaterThan(right.score);
      }
    }
  }
}

const CATALOGS: readonly (readonly [string, readonly ToolInput[]])[] = [
  ['1 tool', EIGHT.slice(0, 1)],
  ['2 tools', EIGHT.slice(0, 2)],
  ['8 tools', EIGHT],
  ['10,000 tools', synthetic(10_000)],
];
const QUERIES = ['send a message to the billing team', 'weather', 'refund the customer for the invoice', 'open a ticket about the database report', 'zebra crossing'];

describe.each(CATALOGS)('hybrid on %s', (_label, input) => {
  it('ranks every keyword match above every other tool, scores falling, explanations adding up with ranks agreeing with scores', async () => {
    const { tools } = createCatalog(input, { maxTools: 10_000 });
    const hybrid = await createBuiltinRegistry().createRanker('hybrid', undefined, false);
    const lexical = createBm25Ranker();
    await hybrid.index(tools);
    lexical.index(tools);
    for (const query of QUERIES) {
      const limit = Math.min(10, tools.length);
      const matches = new Set(lexical.search(query, { limit: 100 }).map((hit) => hit.tool.displayName));
      const hits = await hybrid.search(query, { limit, explain: true });
      const matched = hits.map((hit) => matches.has(hit.tool.displayName));
      const firstUnmatched = matched.indexOf(false);
      if (firstUnmatched !== -1) {
        expect(matched.slice(firstUnmatched), `${query}: a keyword match after a tool without one`).not.toContain(true);
        expect(firstUnmatched, `${query}: every keyword match is listed before the others`).toBe(Math.min(matches.size, limit));
      }
      hits.forEach((hit, index) => {
        expect(Number.isFinite(hit.score)).toBe(true);
        if (index > 0) expect(hit.score, `${query}: scores fall with the rank`).toBeLessThanOrEqual(hits[index - 1]!.score);
        const { components, notes } = hit.explanation!;
        expect(Object.values(components).reduce((sum, part) => sum + part, 0), `${query}: components add up to the score`).toBeCloseTo(hit.score, 12);
        expect(notes.some((note) => /fusion, rank/.test(note)), `${query}: no claim on the final rank`).toBe(false);
      });
      expectRanksAgreeWithScores(query, hits.flatMap((hit) => hit.explanation!.notes));
    }
  }, 120_000);
});
