import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { createEvalCatalog } from './create-eval-catalog.js';
import { listEvalSets } from './list-eval-sets.js';
import { loadEvalSet } from './load-eval-set.js';

const tiny = fileURLToPath(new URL('./__fixtures__/tiny', import.meta.url));
const tool = (name: string): string => JSON.stringify({ name, description: `does ${name}`, inputSchema: null, server: null });
const query = (text: string, relevant: string[]): string => JSON.stringify({ query: text, relevant, id: text });

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string; details: Readonly<Record<string, unknown>> }> {
  try {
    await promise;
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

let root: string;
async function writeSet(name: string, tools: string, queries: string | undefined): Promise<string> {
  const directory = join(root, name);
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, 'tools.jsonl'), tools);
  if (queries !== undefined) await writeFile(join(directory, 'queries.dev.jsonl'), queries);
  return directory;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'loadout-eval-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('loadEvalSet', () => {
  it('reads tools and dev queries, mapping relevant_groups to relevantGroups', async () => {
    const set = await loadEvalSet(tiny);
    expect(set.name).toBe('tiny');
    expect(set.tools.map((item) => item.name)).toContain('slack::post_message');
    expect(set.tools).toHaveLength(6);
    expect(set.queries).toHaveLength(3);
    expect(set.queries[0]).toEqual({
      id: 'tiny:1',
      query: 'open an issue on github',
      relevant: ['github::create_issue'],
      source: 'tiny',
      split: 'dev',
    });
    expect(set.queries[2]?.relevantGroups).toEqual([['filesystem::write_file', 'desktop::write_file']]);
  });

  it('builds a catalog of every tool', async () => {
    const catalog = createEvalCatalog(await loadEvalSet(tiny));
    expect(catalog.tools).toHaveLength(6);
    expect(catalog.issues).toEqual([]);
  });

  it('throws file-not-found naming the missing queries file of a split', async () => {
    const error = await failure(loadEvalSet(tiny, { split: 'test' }));
    expect(error.code).toBe('file-not-found');
    expect(error.message).toContain('queries.test.jsonl');
  });

  it('throws file-not-found for a directory without tools.jsonl', async () => {
    const error = await failure(loadEvalSet(join(root, 'nowhere')));
    expect(error.code).toBe('file-not-found');
    expect(error.message).toContain('tools.jsonl');
  });

  it('throws catalog-invalid-json with the line number of a broken line', async () => {
    const directory = await writeSet('broken-json', `${tool('a')}\n\n${tool('b')}\n{"name": "c",\n`, query('q', ['a']));
    const error = await failure(loadEvalSet(directory));
    expect(error.code).toBe('catalog-invalid-json');
    expect(error.message).toMatch(/tools\.jsonl: invalid JSON at line 4/);
    expect(error.details['line']).toBe(4);
  });

  it('throws catalog-invalid-format for a query without gold, naming its line', async () => {
    const directory = await writeSet('no-gold', tool('a'), `${query('q', ['a'])}\n${JSON.stringify({ query: 'r', relevant: [] })}\n`);
    const error = await failure(loadEvalSet(directory));
    expect(error.code).toBe('catalog-invalid-format');
    expect(error.message).toMatch(/line 2: "relevant" must be a non-empty list/);
  });

  it('throws unknown-tool when the gold names a tool the set lacks', async () => {
    const directory = await writeSet('unknown-gold', tool('a'), query('q', ['a', 'zzz']));
    const error = await failure(loadEvalSet(directory));
    expect(error.code).toBe('unknown-tool');
    expect(error.message).toContain('"zzz"');
    expect(error.message).toContain('which is not in tools.jsonl');
  });

  it('throws catalog-empty for a tools file with no tool, and invalid-input for a queries file with no query', async () => {
    const noTools = await failure(loadEvalSet(await writeSet('no-tools', '\n', query('q', ['a']))));
    expect(noTools.code).toBe('catalog-empty');
    expect(noTools.message).toMatch(/tools\.jsonl holds no tools/);
    const noQueries = await failure(loadEvalSet(await writeSet('no-queries', tool('a'), '')));
    expect(noQueries.code).toBe('invalid-input');
    expect(noQueries.message).toMatch(/queries\.dev\.jsonl holds no queries/);
  });

  it('throws catalog-duplicate-name for a repeated tool name', async () => {
    const directory = await writeSet('duplicate', `${tool('a')}\n${tool('a')}\n`, query('q', ['a']));
    expect((await failure(loadEvalSet(directory))).code).toBe('catalog-duplicate-name');
  });

  it('rejects a split that is not a plain word', async () => {
    expect((await failure(loadEvalSet(tiny, { split: '../x' }))).code).toBe('invalid-option');
  });
});

describe('listEvalSets', () => {
  it('lists subdirectories with tools.jsonl, sorted, with their splits', async () => {
    const listRoot = join(root, 'list');
    await mkdir(join(listRoot, 'zeta'), { recursive: true });
    await mkdir(join(listRoot, 'alpha'), { recursive: true });
    await mkdir(join(listRoot, 'empty'), { recursive: true });
    await writeFile(join(listRoot, 'zeta', 'tools.jsonl'), tool('a'));
    await writeFile(join(listRoot, 'alpha', 'tools.jsonl'), tool('a'));
    await writeFile(join(listRoot, 'alpha', 'queries.test.jsonl'), query('q', ['a']));
    await writeFile(join(listRoot, 'alpha', 'queries.dev.jsonl'), query('q', ['a']));
    await writeFile(join(listRoot, 'README.md'), '# not a set');
    const sets = await listEvalSets(listRoot);
    expect(sets).toEqual([
      { name: 'alpha', directory: join(listRoot, 'alpha'), splits: ['dev', 'test'] },
      { name: 'zeta', directory: join(listRoot, 'zeta'), splits: [] },
    ]);
  });

  it('throws file-not-found for a missing root', async () => {
    expect((await failure(listEvalSets(join(root, 'missing-root')))).code).toBe('file-not-found');
  });
});
