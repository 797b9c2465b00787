import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { loadEvalSet } from '../eval-set/load-eval-set.js';
import { createScriptedRanker } from './__fixtures__/scripted-ranker.js';
import type { EvaluationProgress } from './evaluation-result.js';
import { evaluateRanker } from './evaluate-ranker.js';

const tiny = fileURLToPath(new URL('../eval-set/__fixtures__/tiny', import.meta.url));
const script = {
  'open an issue on github': ['github::list_pull_requests', 'github::create_issue'],
  'weather forecast for Paris then post it to slack': [
    'weather::forecast',
    'filesystem::write_file',
    'desktop::write_file',
    'github::create_issue',
    'github::list_pull_requests',
    'slack::post_message',
  ],
  'write the report to a file': ['desktop::write_file', 'filesystem::write_file'],
};

describe('evaluateRanker on the tiny fixture set', () => {
  it('searches the first 10 queries untimed, before timing every query', async () => {
    const set = await loadEvalSet(tiny);
    const ranker = createScriptedRanker(script);
    const result = await evaluateRanker(ranker, set);
    const queries = set.queries.map((query) => query.query);
    expect(ranker.searched).toEqual([...queries.slice(0, 10), ...queries]);
    expect(result.queries).toBe(set.queries.length);
  });

  it('indexes the first 64 tools untimed before the timed index of them all', async () => {
    const indexed: number[] = [];
    const ranker = { ...createScriptedRanker(script), index: (tools: readonly unknown[]) => void indexed.push(tools.length) };
    const tools = Array.from({ length: 100 }, (_, index) => ({ name: `tool_${index}`, description: 'does a thing' }));
    const result = await evaluateRanker(ranker, { name: 'many', tools, queries: [{ id: 'q1', query: 'a thing', relevant: ['tool_1'] }] });
    expect(indexed).toEqual([64, 100]);
    expect(result.tools).toBe(100);
  });

  it('averages hand-computed Recall@5, NDCG@5 and MRR@10 over the queries', async () => {
    const set = await loadEvalSet(tiny);
    const result = await evaluateRanker(createScriptedRanker(script), set);
    const recall = (1 + 0.5 + 1) / 3;
    const ndcg = (1 / Math.log2(3) + 1 / (1 + 1 / Math.log2(3)) + 1) / 3;
    const mrr = (0.5 + 1 + 1) / 3;
    expect(result['recall@5']).toBeCloseTo(recall, 12);
    expect(result['ndcg@5']).toBeCloseTo(ndcg, 12);
    expect(result['mrr@10']).toBeCloseTo(mrr, 12);
    expect(result.queries).toBe(3);
    expect(result.tools).toBe(6);
    expect(result.failedQueries).toBe(0);
  });

  it('times indexing apart from queries', async () => {
    const set = await loadEvalSet(tiny);
    const result = await evaluateRanker(createScriptedRanker(script, { indexDelayMs: 40 }), set);
    expect(result.buildMs).toBeGreaterThanOrEqual(30);
    expect(result.p50Ms).toBeLessThan(30);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
  });

  it('passes the limit to the ranker: limit 1 sees only the first hit', async () => {
    const set = await loadEvalSet(tiny);
    const result = await evaluateRanker(createScriptedRanker(script), set, { limit: 1 });
    expect(result['recall@5']).toBeCloseTo((0 + 0.5 + 1) / 3, 12);
    expect(result['mrr@10']).toBeCloseTo((0 + 1 + 1) / 3, 12);
  });

  it('reports build progress at start and end, then each query', async () => {
    const set = await loadEvalSet(tiny);
    const events: EvaluationProgress[] = [];
    await evaluateRanker(createScriptedRanker(script), set, { onProgress: (event) => events.push(event) });
    expect(events.map(({ phase, done, total }) => [phase, done, total])).toEqual([
      ['build', 0, 6],
      ['build', 6, 6],
      ['query', 1, 3],
      ['query', 2, 3],
      ['query', 3, 3],
    ]);
  });

  it('rethrows a failing search by default and counts it with onQueryError "count"', async () => {
    const set = await loadEvalSet(tiny);
    const failing = ['open an issue on github'];
    await expect(evaluateRanker(createScriptedRanker(script, { failing }), set)).rejects.toThrow(/cannot parse/);
    const result = await evaluateRanker(createScriptedRanker(script, { failing }), set, { onQueryError: 'count' });
    expect(result.failedQueries).toBe(1);
    expect(result.firstError).toContain('tiny:1');
    expect(result['recall@5']).toBeCloseTo((0 + 0.5 + 1) / 3, 12);
  });

  it('rejects a limit outside 1–100', async () => {
    const set = await loadEvalSet(tiny);
    const error = await evaluateRanker(createScriptedRanker(script), set, { limit: 0 }).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    const mode = await evaluateRanker(createScriptedRanker(script), set, { onQueryError: 'skip' as 'count' }).catch((caught: unknown) => caught);
    expect(isLoadoutError(mode) && mode.message).toContain('"skip"');
  });
});
