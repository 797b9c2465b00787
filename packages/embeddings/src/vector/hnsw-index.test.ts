import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { damageOutcome } from '@loadout/core/test';
import { createExactIndex } from './exact-index.js';
import { HNSWLIB_MISSING, hnswTitle } from '../__fixtures__/hnswlib-missing.js';
import { createHnswIndex } from './hnsw-index.js';

function randomVectors(count: number, dimensions: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 0x1_0000_0000 - 0.5;
  };
  return Array.from({ length: count }, () => Float32Array.from({ length: dimensions }, next));
}

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'loadout-hnsw-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe.skipIf(HNSWLIB_MISSING !== undefined)(hnswTitle('createHnswIndex'), () => {
  it('reaches recall ≥ 0.95 at k = 10 against the exact index on 2,000 random vectors', () => {
    const dimensions = 32;
    const vectors = randomVectors(2000, dimensions, 11);
    const entries = vectors.map((vector, index) => ({ key: `v${index}`, vector }));
    const hnsw = createHnswIndex({ dimensions, maxElements: 256 });
    const exact = createExactIndex({ dimensions });
    hnsw.add(entries);
    exact.add(entries);
    expect(hnsw.size).toBe(2000);
    let found = 0;
    const queries = randomVectors(50, dimensions, 99);
    for (const query of queries) {
      const truth = new Set(exact.search(query, 10).map((match) => match.key));
      const approximate = hnsw.search(query, 10);
      expect(approximate).toHaveLength(10);
      found += approximate.filter((match) => truth.has(match.key)).length;
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
  });

  it('scores by cosine, best first, replaces by key and skips removed keys', () => {
    const index = createHnswIndex({ dimensions: 2, maxElements: 2 });
    index.add([
      { key: 'east', vector: Float32Array.from([2, 0]) },
      { key: 'north', vector: Float32Array.from([0, 1]) },
      { key: 'north-east', vector: Float32Array.from([1, 1]) },
    ]);
    const matches = index.search(Float32Array.from([1, 0]), 5);
    expect(matches.map((match) => match.key)).toEqual(['east', 'north-east', 'north']);
    expect(matches[0]!.score).toBeCloseTo(1, 5);
    expect(matches[1]!.score).toBeCloseTo(Math.SQRT1_2, 5);
    index.add([{ key: 'east', vector: Float32Array.from([-1, 0]) }]);
    expect(index.size).toBe(3);
    expect(index.search(Float32Array.from([1, 0]), 1)[0]!.key).toBe('north-east');
    index.remove(['north-east', 'unknown']);
    expect(index.size).toBe(2);
    expect(index.search(Float32Array.from([1, 0]), 5).map((match) => match.key)).toEqual(['north', 'east']);
    index.add([{ key: 'again', vector: Float32Array.from([1, 0.1]) }]);
    expect(index.search(Float32Array.from([1, 0]), 1)[0]!.key).toBe('again');
    expect(Array.from(index.getVector('north')!)).toEqual([0, 1]);
    expect(index.keys().sort()).toEqual(['again', 'east', 'north']);
    index.clear();
    expect(index.size).toBe(0);
    expect(index.search(Float32Array.from([1, 0]), 3)).toEqual([]);
  });

  it('round-trips through save and load with its fingerprint, and loads at creation when the file exists', () => {
    const path = join(directory, 'round-trip.hnsw');
    const vectors = randomVectors(300, 8, 5);
    const index = createHnswIndex({ dimensions: 8, path });
    expect(index.fingerprint).toBeUndefined();
    index.add(vectors.map((vector, position) => ({ key: `k${position}`, vector })));
    index.remove(['k0']);
    index.save(undefined, 'catalog-1');
    expect(index.fingerprint).toBe('catalog-1');
    expect(existsSync(`${path}.meta`)).toBe(true);

    const reopened = createHnswIndex({ dimensions: 8, path });
    expect(reopened.fingerprint).toBe('catalog-1');
    expect(reopened.size).toBe(299);
    const query = vectors[7]!;
    expect(reopened.search(query, 5)).toEqual(index.search(query, 5));
    expect(reopened.getVector('k0')).toBeUndefined();
    reopened.add([{ key: 'new', vector: query }]);
    expect(reopened.fingerprint).toBeUndefined();
    expect(reopened.search(query, 2).map((match) => match.key).sort()).toEqual(['k7', 'new']);
  });

  it('ignores a saved index of other dimensions or of the version-1 layout; reports damaged files as index-corrupt', async () => {
    const path = join(directory, 'dimensions.hnsw');
    const index = createHnswIndex({ dimensions: 4 });
    index.add([{ key: 'a', vector: Float32Array.from([1, 0, 0, 0]) }]);
    await writeFile(`${path}.json`, JSON.stringify({ format: 'loadout-hnsw', version: 1, labels: [] }));
    index.save(path, 'x');
    expect(existsSync(`${path}.json`)).toBe(false);
    expect(createHnswIndex({ dimensions: 3, path }).size).toBe(0);
    expect(createHnswIndex({ dimensions: 4, path }).size).toBe(1);
    const graph = readFileSync(path);
    const sidecar = readFileSync(`${path}.meta`);

    await writeFile(path, 'truncated');
    expect(damageOutcome(() => createHnswIndex({ dimensions: 4, path }))).toBe('index-corrupt');
    expect(createHnswIndex({ dimensions: 4, path, onCorrupt: 'rebuild' }).size).toBe(0);
    await writeFile(path, graph);
    await writeFile(`${path}.meta`, '{"not": "a sidecar at all"}');
    let caught: unknown;
    try {
      createHnswIndex({ dimensions: 4, path });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('index-corrupt');
    expect((caught as Error).message).toBe(`@loadout/embeddings: saved HNSW index ${JSON.stringify(path)}: HNSW sidecar is corrupt: bad magic bytes`);
    await rm(`${path}.meta`);
    await writeFile(`${path}.json`, JSON.stringify({ format: 'loadout-hnsw', version: 1, dimensions: 4, labels: [] }));
    expect(createHnswIndex({ dimensions: 4, path }).size).toBe(0);
    await writeFile(`${path}.meta`, sidecar);
    await rm(path);
    expect(damageOutcome(() => createHnswIndex({ dimensions: 4, path }))).toBe('index-corrupt');
    expect(createHnswIndex({ dimensions: 4 }).load(join(directory, 'absent.hnsw'))).toBe(false);
    expect(damageOutcome(() => createHnswIndex({ dimensions: 4, onCorrupt: 'skip' as never }))).toBe('invalid-option');
  });

  it('detects a flipped bit at every byte position of a saved graph and of its sidecar', () => {
    const path = join(directory, 'every-byte.hnsw');
    // M 2 keeps the graph file small (hnswlib reserves links for maxElements nodes).
    const index = createHnswIndex({ dimensions: 2, maxElements: 2, M: 2, efConstruction: 2 });
    index.add([
      { key: 'east', vector: Float32Array.from([1, 0]) },
      { key: 'north', vector: Float32Array.from([0, 1]) },
    ]);
    index.save(path, 'fp');
    for (const file of [path, `${path}.meta`]) {
      const original = readFileSync(file);
      const missed: string[] = [];
      for (let position = 0; position < original.length; position++) {
        const copy = Uint8Array.from(original);
        copy[position]! ^= 1 << (position % 8);
        writeFileSync(file, copy);
        const outcome = damageOutcome(() => createHnswIndex({ dimensions: 2, path }));
        if (outcome !== 'index-corrupt') missed.push(`${file} byte ${position}: ${outcome}`);
      }
      writeFileSync(file, original);
      expect(missed).toEqual([]);
    }
    expect(createHnswIndex({ dimensions: 2, path }).search(Float32Array.from([1, 0.1]), 1)[0]!.key).toBe('east');
  }, 120_000);

  it('rejects invalid options and a save without a path', () => {
    const codeOf = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return isLoadoutError(error) ? error.code : 'other';
      }
      return 'none';
    };
    expect(codeOf(() => createHnswIndex({ dimensions: 4, M: 0 }))).toBe('invalid-option');
    expect(codeOf(() => createHnswIndex({ dimensions: 4, ef: 1.5 }))).toBe('invalid-option');
    expect(codeOf(() => createHnswIndex({ dimensions: 4 }).save())).toBe('invalid-option');
    expect(codeOf(() => createHnswIndex({ dimensions: 4 }).search(Float32Array.from([1, 0, 0]), 1))).toBe('invalid-input');
  });
});
