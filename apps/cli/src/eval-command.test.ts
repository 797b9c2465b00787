import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

const tiny = fileURLToPath(new URL('../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const files = ['--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`];

describe('loadout eval', () => {
  it('prints the documented JSON keys', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as Record<string, number>;
    for (const key of ['recall@5', 'ndcg@5', 'mrr@10', 'queries', 'p50Ms', 'p99Ms']) expect(typeof result[key]).toBe('number');
    expect(result['recall@5']).toBeGreaterThan(0);
    expect(result['recall@5']).toBeLessThanOrEqual(1);
    expect(run.stderr()).toContain('answering queries');
  });

  it('prints a readable summary with another ranker', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--ranker', 'wink-bm25'], run.context)).toBe(0);
    expect(run.stdout()).toMatch(/Recall@5\s+\d+\.\d/);
    expect(run.stdout()).toContain('ranker wink-bm25');
  });

  it.each([
    [['eval', '--tools', `${tiny}tools.jsonl`], 'invalid-option'],
    [['eval', '--tools', `${tiny}missing.jsonl`, '--queries', `${tiny}queries.dev.jsonl`], 'file-not-found'],
    [['eval', ...files, '--ranker', 'nope'], 'unknown-ranker'],
  ])('%j exits 2 with %s', async (argv, code) => {
    const run = fakeContext();
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toContain(`[${code}]`);
  });
});
