import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { compactWordVectorFile } from './compact-word-vector-file.js';
import { compactWordVectors } from './compact-word-vectors.js';
import { createStaticEmbedder } from './create-static-embedder.js';
import { defaultStaticTablePath } from './default-table-path.js';
import { loadStaticVectors } from './load-static-vectors.js';
import { parseWordVectorJson } from './parse-word-vector-json.js';
import { TINY_WORDS, tinyVectorJson } from './__fixtures__/tiny-vectors.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'loadout-static-'));
  await writeFile(join(directory, 'tiny.json'), tinyVectorJson(TINY_WORDS));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('compactWordVectorFile and loadStaticVectors', () => {
  it('compacts a JSON file to a table file that loads back equal to the in-memory compaction', async () => {
    const output = join(directory, 'nested', 'tiny.ldwv');
    const result = await compactWordVectorFile(join(directory, 'tiny.json'), output, { maxWords: 10, extraWords: ['meeting'] });
    expect(result).toMatchObject({ output, words: 11, dimensions: 8 });
    const loaded = await loadStaticVectors(output);
    const expected = compactWordVectors(parseWordVectorJson(new TextEncoder().encode(tinyVectorJson(TINY_WORDS))), {
      maxWords: 10,
      extraWords: ['meeting'],
    });
    expect(loaded).toEqual(expected);
    expect(loaded.words.at(-1)).toBe('meeting');
  });

  it('reports missing files with file-not-found', async () => {
    const missing = join(directory, 'missing.ldwv');
    await expect(loadStaticVectors(missing)).rejects.toSatisfy(
      (error: unknown) => isLoadoutError(error) && error.code === 'file-not-found' && error.message.includes(missing),
    );
    await expect(compactWordVectorFile(join(directory, 'missing.json'), missing)).rejects.toSatisfy(
      (error: unknown) => isLoadoutError(error) && error.code === 'file-not-found',
    );
  });

  it('createStaticEmbedder reads its table file lazily', async () => {
    const path = join(directory, 'lazy.ldwv');
    const embedder = createStaticEmbedder({ tablePath: path, dimensions: 8 });
    await compactWordVectorFile(join(directory, 'tiny.json'), path);
    const [vector] = await embedder.embed(['email']);
    expect(vector).toHaveLength(8);
  });
});

const realTable = defaultStaticTablePath();
describe.skipIf(!existsSync(realTable))(`the built GloVe table (skipped: ${realTable} not built; run the package build)`, () => {
  it('holds 50,000 words of 100 dimensions and relates words by meaning', async () => {
    const table = await loadStaticVectors(realTable);
    expect(table.dimensions).toBe(100);
    expect(table.words.length).toBeGreaterThanOrEqual(50_000);
    const embedder = createStaticEmbedder({ table });
    const [weather, rain, database] = await embedder.embed(['weather forecast', 'rain temperature tomorrow', 'sql database query']);
    const cosine = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);
    expect(cosine(weather!, rain!)).toBeGreaterThan(cosine(weather!, database!));
  });
});
