import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { manualTimers } from '../sandbox/__fixtures__/manual-timers.js';
import { configWriter } from './__fixtures__/config-writer.js';
import { loadConfig } from './load-config.js';
import { rankerSelectionFor, type RankerSelection } from './ranker-selection.js';

// Decision 3441: every command imported every ranker module a config registers, so one whose top-level
// code never settles delayed `loadout search` (and plan, and serve's start) by its 10 s start budget
// even when the command ranked with bm25f. A command now imports only the rankers it ranks with.
const root = mkdtempSync(join(tmpdir(), 'loadout-ranker-selection-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The file where a module counts its imports, a line each: in whichever thread they run (a ranker's load runs in its worker since decision 3460). */
const counterFile = (counter: string): string => join(root, `${counter}.count`);
/** A ranker module that counts its imports in `counterFile(counter)`, then never finishes loading. */
const hanging = (name: string, counter: string): string =>
  `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(counterFile(counter))}, 'imported\\n');\nawait new Promise(() => {});\n` +
  `export default { specificationVersion: 'v1', name: ${JSON.stringify(name)}, queryKind: 'keywords', create: () => { throw new Error('never'); } };\n`;
let cases = 0;
const imports = (counter: string): number => (existsSync(counterFile(counter)) ? readFileSync(counterFile(counter), 'utf8').split('\n').filter(Boolean).length : 0);

const configWith = configWriter(root);

/** Lets the config's reads and imports run a few turns. */
const turns = async (rounds = 20): Promise<void> => {
  for (let turn = 0; turn < rounds; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/** Loads `path` with `rankers` on a clock that never moves; whether it settled by itself, and the import's timers left waiting. */
async function loadStill(path: string, rankers: RankerSelection) {
  const timers = manualTimers();
  let settled = false;
  const loading = loadConfig(path, root, undefined, { rankers, pluginStart: { timers } }).finally(() => (settled = true));
  loading.catch(() => {});
  // Reading the config and resolving its modules is real I/O: on a loaded machine it can take a while. Either it
  // settles without the clock moving, or an import waits on the clock.
  await vi.waitFor(() => expect(settled || timers.pending() > 0).toBe(true), { timeout: 20_000 });
  return { loading, settled, timers };
}

describe('rankerSelectionFor: the rankers a command imports', () => {
  it.each<[string, string | undefined, RankerSelection]>([
    ['search', undefined, { kind: 'configured' }],
    ['search', 'mine', { kind: 'named', names: ['mine'] }],
    ['serve', undefined, { kind: 'configured' }],
    ['serve', 'bm25f', { kind: 'named', names: ['bm25f'] }],
    ['learn', 'mine', { kind: 'named', names: ['mine'] }],
    ['eval', undefined, { kind: 'configured' }],
    ['eval', 'mine, bm25f', { kind: 'named', names: ['mine', 'bm25f'] }],
    ['eval', ' all ', { kind: 'all' }],
    ['rankers', undefined, { kind: 'all' }],
    ['plan', undefined, { kind: 'none' }],
  ])('%s with --ranker %s', (command, flag, selection) => {
    expect(rankerSelectionFor(command, flag)).toEqual(selection);
  });
});

describe('loadConfig imports only the rankers selected', () => {
  it('the config ranks with bm25f: a registered module that never settles is not imported nor waited for, and its name stays registered', async () => {
    const path = configWith({ rankers: { hang: './hang.mjs' } }, { 'hang.mjs': hanging('hang', 'loadoutHangA') });
    const { loading, settled } = await loadStill(path, { kind: 'configured' });
    expect(settled).toBe(true);
    const config = await loading;
    await turns();
    expect(imports('loadoutHangA')).toBe(0);
    expect(config.registry.hasRanker('hang')).toBe(true);
    expect(config.registry.defaultRanker).toBe('bm25f');
    await expect(config.registry.createRanker('hang')).rejects.toMatchObject({ code: 'ranker-failed', message: expect.stringContaining('this command does not rank with it') });
  });

  it.each<[string, RankerSelection, Record<string, unknown>]>([
    ['--ranker bm25f beside a configured plug-in', { kind: 'named', names: ['bm25f'] }, { ranker: 'hang' }],
    ['plan (none)', { kind: 'none' }, { ranker: 'hang' }],
  ])('%s: not imported either', async (_, selection, extra) => {
    const counter = `loadoutHang${cases++}`;
    const path = configWith({ rankers: { hang: './hang.mjs' }, ...extra }, { 'hang.mjs': hanging('hang', counter) });
    const { loading, settled } = await loadStill(path, selection);
    expect(settled).toBe(true);
    expect((await loading).registry.hasRanker('hang')).toBe(true);
    await turns();
    expect(imports(counter)).toBe(0);
  });

  it.each<[string, RankerSelection, Record<string, unknown>]>([
    ['the config ranks with it', { kind: 'configured' }, { ranker: 'hang' }],
    ['--ranker names it', { kind: 'named', names: ['hang'] }, {}],
    ['every ranker (loadout rankers, eval --ranker all)', { kind: 'all' }, {}],
  ])('%s: imported and waited for, up to its start budget, as before', async (_, selection, extra) => {
    const counter = `loadoutHang${cases++}`;
    const path = configWith({ rankers: { hang: './hang.mjs' }, ...extra }, { 'hang.mjs': hanging('hang', counter) });
    const { loading, settled, timers } = await loadStill(path, selection);
    expect(settled).toBe(false);
    // Its top-level code runs once the file is read and compiled: waited for, on a loaded machine too.
    await vi.waitFor(() => expect(imports(counter)).toBe(1), { timeout: 20_000 });
    timers.advance(10_000);
    const config = await loading;
    await expect(config.registry.createRanker('hang')).rejects.toMatchObject({ code: 'ranker-timeout', details: { operation: 'load' } });
  });

  it('a module not imported is still resolved: a missing file is plugin-not-found as before', async () => {
    const path = configWith({ rankers: { gone: './gone.mjs' } }, {});
    await expect(loadConfig(path, root, undefined, { rankers: { kind: 'configured' } })).rejects.toMatchObject({ code: 'plugin-not-found', message: expect.stringMatching(/rankers\.gone: no such file .*gone\.mjs/) });
  });

  it('a name taken by a built-in is plugin-duplicate whether or not it is imported', async () => {
    const path = configWith({ rankers: { regex: './regex.mjs' } }, { 'regex.mjs': hanging('regex', 'loadoutHangRegex') });
    await expect(loadConfig(path, root, undefined, { rankers: { kind: 'configured' } })).rejects.toMatchObject({ code: 'plugin-duplicate' });
    expect(imports('loadoutHangRegex')).toBe(0);
  });

  it("an import is handed to the command's progress as it begins, with the file and its budget, and ended as it ends", async () => {
    const path = configWith({ rankers: { hang: { module: './hang.mjs', startTimeoutMs: 30_000 } } }, { 'hang.mjs': hanging('hang', 'loadoutHangSlow') });
    const timers = manualTimers();
    const waits: string[] = [];
    let ended = 0;
    const waiting = (what: string, budgetMs: number) => {
      waits.push(`${what}; ${budgetMs}`);
      return () => void ended++;
    };
    const loading = loadConfig(path, root, undefined, { rankers: { kind: 'all' }, waiting, pluginStart: { timers } });
    await vi.waitFor(() => expect(timers.pending()).toBeGreaterThan(0), { timeout: 20_000 });
    expect(waits).toEqual([`rankers.hang (${join(path, '..', 'hang.mjs')}): loading its module; 30000`]);
    timers.advance(29_999);
    expect(ended).toBe(0);
    timers.advance(1);
    await loading;
    expect(ended).toBe(1);
    expect(timers.pending()).toBe(0);
  });
});
