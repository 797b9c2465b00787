import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { createBuiltinRegistry } from '@loadout/rankers';
import { withFailureReport, withFailureReports } from './reported-ranker-failures.js';

// Trial item 4: serve answered a failing ranker's searches with isError text, and logged nothing.
const tool = makeTool({ name: 'get_weather' });

function ranker(search: Ranker['search']): Ranker {
  return { specificationVersion: 'v1', name: 'flaky', size: 1, index: () => {}, add: () => {}, remove: () => {}, search };
}

describe('withFailureReport', () => {
  it('reports a failed search with its code and first line, and rethrows it unchanged', async () => {
    const reports: string[][] = [];
    const timeout = createLoadoutError('ranker-timeout', 'ranker "flaky" took longer than 2000 ms for search\nmore');
    const wrapped = withFailureReport(
      ranker(() => Promise.reject(timeout)),
      (...report) => reports.push(report),
    );
    await expect(wrapped.search('weather')).rejects.toBe(timeout);
    expect(reports).toEqual([['flaky', 'ranker-timeout', 'ranker "flaky" took longer than 2000 ms for search']]);
  });

  it('does not report what the client got wrong (query-too-long), and passes answers through synchronously', () => {
    const reports: unknown[] = [];
    const tooLong = withFailureReport(
      ranker(() => {
        throw createLoadoutError('query-too-long', 'too long');
      }),
      (...report) => reports.push(report),
    );
    expect(() => tooLong.search('x')).toThrow('too long');
    const fine = withFailureReport(ranker(() => [{ tool, score: 1 }]), (...report) => reports.push(report));
    expect(fine.search('weather')).toEqual([{ tool, score: 1 }]);
    expect(reports).toEqual([]);
  });
});

describe('withFailureReports', () => {
  it('creates checked rankers, so an invalid result (NaN scores) is reported as ranker-invalid-result', async () => {
    const nan = { ...ranker(() => [{ tool, score: Number.NaN }]), name: 'nan' };
    const registry = createBuiltinRegistry({
      rankers: [{ specificationVersion: 'v1', name: 'nan', queryKind: 'keywords', create: () => nan }],
    });
    const reports: string[][] = [];
    const created = await withFailureReports(registry, (...report) => reports.push(report)).createRanker('nan', undefined, false);
    await created.index([tool]);
    await expect(Promise.resolve().then(() => created.search('weather'))).rejects.toMatchObject({ code: 'ranker-invalid-result' });
    expect(reports).toEqual([['nan', 'ranker-invalid-result', expect.stringContaining('score NaN')]]);
  });
});
