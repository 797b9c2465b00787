import { withQuerySyntax } from '@loadout/core';
import { makeTools } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { createUsageField } from '../usage/create-usage-field.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import { applyUsagePrior, computeUsagePrior } from './usage-prior.js';

const tools = makeTools([
  { name: 'send_email', description: 'Send an email message to a recipient' },
  { name: 'send_email_draft', description: 'Send an email draft' },
  { name: 'read_email', description: 'Read email from the inbox' },
  { name: 'list_files', description: 'List files in a folder' },
]);
const names = (hits: readonly { tool: { name: string } }[]): string[] => hits.map((hit) => hit.tool.name);
const DAY = 86_400_000;

describe('usage prior', () => {
  it('is ln(1 + calls) over its catalog maximum, and absent without calls', () => {
    const calls = new Map([['read_email', 3], ['list_files', 1]]);
    const prior = computeUsagePrior(tools, (tool) => calls.get(tool.name) ?? 0)!;
    expect([...prior]).toEqual([0, 0, 1, Math.log(2) / Math.log(4)]);
    expect(computeUsagePrior(tools, () => 0)).toBeUndefined();
    expect(computeUsagePrior(tools, () => Number.NaN)).toBeUndefined();
  });

  it('re-sorts candidates by normalised score plus weighted prior, ties keeping their order', () => {
    const docs = Int32Array.from([0, 1, 2]);
    const scores = Float64Array.from([4, 3, 3]);
    applyUsagePrior(docs, scores, 3, Float64Array.from([0, 0.5, 1]), 0.5);
    expect([...docs]).toEqual([2, 0, 1]);
    expect([...scores]).toEqual([1.25, 1, 1]);
  });

  it('lifts the tool a deployment calls among tools matching the query, and only those', () => {
    const plain = createBm25Ranker();
    plain.index(tools);
    expect(names(plain.search('send email'))[0]).toBe('send_email');
    const field = createUsageField([{ query: 'something unrelated', called: ['send_email_draft'] }]);
    const ranker = createBm25Ranker({ usagePrior: field.calls, usagePriorWeight: 1 });
    ranker.index(tools);
    expect(names(ranker.search('send email'))[0]).toBe('send_email_draft');
    // A heavily used tool that does not match the query is not brought in.
    expect(names(ranker.search('folder'))).toEqual(['list_files']);
    const [hit] = ranker.search('send email', { explain: true });
    expect(hit!.explanation!.components['usagePrior']).toBe(1);
  });

  it('decays with the usage field half-life', () => {
    const now = 1_000 * DAY;
    const events = [
      { query: 'x', called: ['send_email_draft'], at: now - 360 * DAY },
      { query: 'x', called: ['send_email'], at: now },
    ];
    const slow = createUsageField(events, { halfLifeDays: 10_000, maxHalfLives: 1000 });
    const fast = createUsageField(events, { halfLifeDays: 30, maxHalfLives: 1000 });
    expect(slow.calls(tools[1]!)).toBeGreaterThan(0.97);
    expect(fast.calls(tools[1]!)).toBeLessThan(0.001);
  });

  it('never puts usage above a tool the query names', () => {
    const field = createUsageField(Array.from({ length: 100 }, () => ({ query: 'send', called: ['send_email_draft'] })));
    const ranker = withQuerySyntax(createBm25Ranker({ usage: field.text, usagePrior: field.calls, usagePriorWeight: 10 }));
    ranker.index(tools);
    expect(names(ranker.search('send_email'))[0]).toBe('send_email');
    expect(names(ranker.search('sendEmail'))[0]).toBe('send_email');
  });

  it('rejects a weight out of range', () => {
    expect(() => createBm25Ranker({ usagePriorWeight: -1 })).toThrow(/usagePriorWeight/);
  });
});
