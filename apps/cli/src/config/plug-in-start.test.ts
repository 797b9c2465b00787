import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { manualTimers } from '../sandbox/__fixtures__/manual-timers.js';
import { configWriter } from './__fixtures__/config-writer.js';
import { loadConfig, type LoadConfigOptions } from './load-config.js';

// Decision 3429: a plug-in module whose top-level code never settles (`await new Promise(() => {})`)
// held every command at reading the config: `loadout serve` and `loadout search` exited 13 at once,
// silently, once nothing else was left to wait for. The import now waits at most the start budget.
const root = mkdtempSync(join(tmpdir(), 'loadout-plug-in-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const hanging = (name: string): string =>
  `await new Promise(() => {});\nexport default { specificationVersion: 'v1', name: ${JSON.stringify(name)}, queryKind: 'keywords', create: () => { throw new Error('never'); } };\n`;

const configWith = configWriter(root);

/** Lets the config's reads and imports run a few turns. */
const turns = async (): Promise<void> => {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** Loads `path` on a manual clock: waits for the import's timer, checks nothing settled 1 ms before the budget (`budgetMs`), then lets it pass. */
async function loadLate(path: string, options: LoadConfigOptions = {}, warn?: (message: string) => void, budgetMs = 10_000) {
  const timers = manualTimers();
  let settled = false;
  const loading = loadConfig(path, root, warn, { ...options, pluginStart: { timers } }).finally(() => (settled = true));
  loading.catch(() => {});
  // Reading and pinning the module and starting its worker is real I/O: on a loaded machine it can take many turns,
  // so the wait for the import's timer is bounded by the wall clock, not by a count of turns.
  const deadline = Date.now() + 15_000;
  while (timers.pending() === 0) {
    if (Date.now() > deadline) throw new Error('the import never started its wait');
    await turns();
  }
  timers.advance(budgetMs - 1);
  await turns();
  expect(settled).toBe(false);
  timers.advance(1);
  return loading;
}

describe('a plug-in module that does not finish loading', () => {
  it('a ranker: the config loads after the 10 s start budget; creating the ranker fails with ranker-timeout naming it, the file and the budget', async () => {
    const path = configWith({ rankers: { late: './late.mjs' }, ranker: 'late' }, { 'late.mjs': hanging('late') });
    const config = await loadLate(path);
    expect(config.registry.hasRanker('late')).toBe(true);
    const error = await config.registry.createRanker('late').then(() => undefined, (caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ranker-timeout', details: { ranker: 'late', operation: 'load', budgetMs: 10_000 } });
    expect((error as Error).message).toBe(`ranker "late" did not start: its module ${join(path, '..', 'late.mjs')} did not finish loading within 10000 ms (top-level code that never settles? a "rankers" entry's "startTimeoutMs" allows more)`);
  });

  it('a ranker whose entry sets startTimeoutMs: its module gets that long, and the error names it (decision 3435)', async () => {
    const path = configWith({ rankers: { late: { module: './late.mjs', startTimeoutMs: 45_000 } }, ranker: 'late' }, { 'late.mjs': hanging('late') });
    const config = await loadLate(path, {}, undefined, 45_000);
    const error = await config.registry.createRanker('late').then(() => undefined, (caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ranker-timeout', details: { ranker: 'late', operation: 'load', budgetMs: 45_000 } });
    expect((error as Error).message).toContain('did not finish loading within 45000 ms');
  });

  it('with fallbackRanker (serve): bm25f ranks instead, its configured options unchecked, and one warning names the ranker and the code', async () => {
    const path = configWith({ rankers: { late: './late.mjs' }, ranker: 'late', rankerOptions: { model: 'x' } }, { 'late.mjs': hanging('late') });
    const warnings: string[] = [];
    const config = await loadLate(path, { fallbackRanker: true }, (message) => warnings.push(message));
    const ranker = await config.registry.createRanker('late', { model: 'x' }, false);
    await ranker.index([makeTool({ name: 'get_forecast' }), makeTool({ name: 'send_mail' })]);
    expect((await ranker.search('forecast')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^ranker "late" could not start, so the built-in ranker "bm25f" ranks instead until restarted: ranker "late" did not start: its module .*late\.mjs did not finish loading within 10000 ms .*\[ranker-timeout\]$/);
  });

  it('a mod file: plugin-load-failed naming the file and the budget, at the budget', async () => {
    const path = configWith({ plugins: ['./late-mod.mjs'] }, { 'late-mod.mjs': 'await new Promise(() => {});\nexport default { name: "late", hooks: {} };\n' });
    await expect(loadLate(path)).rejects.toMatchObject({
      code: 'plugin-load-failed',
      message: `${path}: plugins[0]: ${join(path, '..', 'late-mod.mjs')} did not finish loading within 10000 ms (got "./late-mod.mjs")`,
    });
  });
});
