import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { pinModule } from './module-pin.js';
import { createSandboxedRanker } from './sandboxed-ranker.js';

// Issue 34 item 5: a plug-in that loops, hangs, runs out of memory, throws or exits fails
// only its own call; the next call is answered by a fresh worker with the same tools.
const file = fileURLToPath(new URL('./__fixtures__/hostile-ranker.mjs', import.meta.url));
const tools = ['get_weather', 'send_mail', 'read_file'].map((name) => makeTool({ name }));

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof Error)) throw new Error(`expected an error, got ${String(error)}`);
  return { code: isLoadoutError(error) ? error.code : 'plain', message: error.message };
}

describe('createSandboxedRanker', () => {
  it.each([
    ['loops', 'loop', 'ranker-timeout', /ranker "hostile" took longer than 300 ms for search/],
    ['never resolves', 'hang', 'ranker-timeout', /took longer than 300 ms/],
    ['ends its thread', 'exit', 'ranker-failed', /ranker "hostile" stopped: its worker exited \(code 7\)/],
    ['throws', 'throw', 'plain', /^plug-in bug$/],
  ])('a search that %s fails alone, and the next search is answered', async (_, query, code, message) => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options: {}, budget: { searchMs: 300 } });
    await ranker.index(tools);
    expect(await failure(Promise.resolve(ranker.search(query)))).toMatchObject({ code, message: expect.stringMatching(message) });
    expect((await ranker.search('weather')).map((hit) => hit.tool)).toEqual([tools[0]]);
    expect(ranker.size).toBe(3);
  });

  it('a search in flight beside one that loops is answered: only the one over budget fails', async () => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options: {}, budget: { searchMs: 300 } });
    await ranker.index(tools);
    const [looping, other] = await Promise.allSettled([ranker.search('loop'), ranker.search('weather')]);
    expect(looping).toMatchObject({ status: 'rejected', reason: { code: 'ranker-timeout' } });
    expect(other).toMatchObject({ status: 'fulfilled', value: [{ tool: tools[0] }] });
  });

  it('a search that allocates without bound hits the memory budget: ranker-failed, then answers again', async () => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options: {}, budget: { searchMs: 60_000, memoryMb: 32 } });
    await ranker.index(tools);
    expect(await failure(Promise.resolve(ranker.search('oom')))).toMatchObject({ code: 'ranker-failed', message: expect.stringContaining('ran out of its 32 MiB memory budget') });
    expect((await ranker.search('mail')).map((hit) => hit.tool)).toEqual([tools[1]]);
  });

  it('keeps add, remove and the filter; a name the catalog lacks comes back as such for the result check', async () => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options: {} });
    await ranker.index(tools.slice(0, 2));
    await ranker.add([tools[2]!]);
    await ranker.remove(['send_mail']);
    expect(ranker.size).toBe(2);
    expect((await ranker.search('get read mail', { filter: (tool) => tool.displayName !== 'read_file' })).map((hit) => hit.tool.displayName)).toEqual(['get_weather']);
    const [ghost] = await ranker.search('ghost');
    expect(ghost?.tool.displayName).toBe('ghost');
    expect(tools).not.toContain(ghost?.tool);
  });

  it.each([
    ['create', { throwIn: 'create' }, 'ranker "hostile" failed while being created: create bug'],
    ['index', { throwIn: 'index' }, 'ranker "hostile" failed while indexing: index bug'],
    ['index', { throwIn: 'index-string' }, 'ranker "hostile" failed while indexing: it threw "a string, not an Error"'],
  ])('a plug-in whose %s throws (%j) is ranker-failed naming the ranker and the operation, its first line only', async (operation, options, message) => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options });
    const error = await Promise.resolve(ranker.index(tools)).then(() => undefined, (caught: unknown) => caught);
    expect(isLoadoutError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ranker-failed', message, details: { ranker: 'hostile', operation } });
    expect((error as Error).message).not.toContain(' at ');
    // The tools are kept: a search tries create and index again, failing the same way.
    expect(await failure(Promise.resolve(ranker.search('weather')))).toEqual({ code: 'ranker-failed', message });
  });

  // Trial-embed item 2: it was "failed while indexing: made.index is not a function [ranker-failed]".
  it('a create() that returns something else than a ranker is ranker-invalid naming what it lacks, with operation create', async () => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options: { notARanker: true } });
    const error = await Promise.resolve(ranker.index(tools)).then(() => undefined, (caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'ranker-invalid',
      message: 'ranker "hostile" is invalid: its definition\'s create returned an object without the methods index and search, not a ranker',
      details: { ranker: 'hostile', operation: 'create' },
    });
  });

  it('after create or index threw, the next call indexes again and answers once the plug-in does', async () => {
    const ranker = createSandboxedRanker({ module: pinModule(file), name: 'hostile', options: { throwIn: 'index', times: 1 } });
    expect(await failure(Promise.resolve(ranker.index(tools)))).toMatchObject({ code: 'ranker-failed' });
    expect((await ranker.search('weather')).map((hit) => hit.tool)).toEqual([tools[0]]);
    expect(ranker.size).toBe(3);
  });

  it('a worker started again after a crash never runs a module edited since it was pinned: config-untrusted, and nothing of it runs', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loadout-ranker-pin-'));
    try {
      const copy = join(folder, 'hostile-ranker.mjs');
      copyFileSync(file, copy);
      const ranker = createSandboxedRanker({ module: pinModule(copy), name: 'hostile', options: {} });
      await ranker.index(tools);
      expect((await ranker.search('weather')).map((hit) => hit.tool)).toEqual([tools[0]]);
      const marker = join(folder, 'RAN');
      writeFileSync(copy, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\n${readFileSync(file, 'utf8')}`);
      // The worker exits; the search runs once more on a new worker, which must not start.
      const crashed = await failure(Promise.resolve(ranker.search('exit')));
      expect(crashed).toMatchObject({ code: 'config-untrusted', message: expect.stringContaining(`ranker "hostile": ${copy} was not loaded again: it changed`) });
      expect(await failure(Promise.resolve(ranker.search('weather')))).toMatchObject({ code: 'config-untrusted' });
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  // Decision 3429: a plug-in that never starts held the first index for the whole 60 s index budget.
  it.each([
    ['a create() that never resolves', file, 'hostile', { hangIn: 'create' }],
    ['a module whose top-level code never settles', fileURLToPath(new URL('./__fixtures__/hanging-import.mjs', import.meta.url)), 'hanging-import', {}],
  ])('%s is ranker-timeout at the start budget, with operation create', async (_, module, name, options) => {
    const ranker = createSandboxedRanker({ module: pinModule(module), name, options, budget: { createMs: 300 } });
    const error = await Promise.resolve(ranker.index(tools)).then(() => undefined, (caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ranker-timeout', details: { ranker: name, operation: 'create', budgetMs: 300 } });
    expect((error as Error).message).toBe(`ranker "${name}" took longer than 300 ms to start (loading its module and create; a "rankers" entry's "startTimeoutMs" allows more); it was stopped, the next call starts it again`);
  });
});

