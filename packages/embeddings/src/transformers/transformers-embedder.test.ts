import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { createEmbeddingCache } from '../cache/embedding-cache.js';
import { createTransformersEmbedder, type TransformersEmbedder } from './transformers-embedder.js';
import { writeTinyBert } from './__fixtures__/tiny-bert.js';

let root: string;
const created: TransformersEmbedder[] = [];
const track = (embedder: TransformersEmbedder) => {
  created.push(embedder);
  return embedder;
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'loadout-transformers-'));
  await writeTinyBert(join(root, 'tiny-bert'), { hiddenSize: 32, seed: 3 });
});

afterAll(async () => {
  await Promise.all(created.map((embedder) => embedder.dispose()));
  await rm(root, { recursive: true, force: true });
});

const texts = ['create a new issue in the repository', 'send an email message', 'weather forecast for the city', 'x'];
const norm = (vector: Float32Array) => Math.hypot(...vector);

describe('createTransformersEmbedder on a locally generated BERT-shaped model', () => {
  it('embeds to normalised vectors of the hidden size, deterministically', async () => {
    const embedder = track(createTransformersEmbedder({ model: 'tiny-bert', localModelPath: root }));
    expect(embedder.modelId).toBe('tiny-bert#q8');
    expect(embedder.dimensions).toBe(0);
    const vectors = await embedder.embed(texts);
    expect(embedder.dimensions).toBe(32);
    expect(vectors).toHaveLength(4);
    for (const vector of vectors) {
      expect(vector).toHaveLength(32);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(Array.from(vectors[0]!)).not.toEqual(Array.from(vectors[1]!));
    const again = await embedder.embed(texts);
    expect(again.map((vector) => Array.from(vector))).toEqual(vectors.map((vector) => Array.from(vector)));
    expect(await embedder.embed([])).toEqual([]);
  });

  it('gives the same vectors in batches as one by one, and as a directory path with fp32 weights', async () => {
    const batched = track(createTransformersEmbedder({ model: 'tiny-bert', localModelPath: root, batchSize: 3 }));
    const single = track(createTransformersEmbedder({ model: join(root, 'tiny-bert'), quantized: false, batchSize: 1 }));
    expect(single.modelId).toBe(`${join(root, 'tiny-bert')}#fp32`);
    const all = await batched.embed(texts);
    const oneByOne = await single.embed(texts);
    all.forEach((vector, row) => {
      vector.forEach((value, index) => expect(value).toBeCloseTo(oneByOne[row]![index]!, 5));
    });
  });

  it('pools the first token with pooling cls', async () => {
    const cls = track(createTransformersEmbedder({ model: 'tiny-bert', localModelPath: root, pooling: 'cls' }));
    const mean = track(createTransformersEmbedder({ model: 'tiny-bert', localModelPath: root }));
    expect(cls.modelId).toBe('tiny-bert#q8#cls');
    const [first] = await cls.embed(['send an email message']);
    const [second] = await mean.embed(['send an email message']);
    expect(norm(first!)).toBeCloseTo(1, 5);
    expect(Array.from(first!)).not.toEqual(Array.from(second!));
  });

  it('serves repeated texts from the cache without loading the model again', async () => {
    const cache = createEmbeddingCache();
    const warm = track(createTransformersEmbedder({ model: 'tiny-bert', localModelPath: root, cache }));
    const first = await warm.embed(texts);
    expect(cache.size).toBe(4);
    expect(cache.stats).toEqual({ hits: 0, misses: 4 });
    const offline = track(createTransformersEmbedder({ model: 'tiny-bert', localModelPath: join(root, 'nowhere'), cache }));
    const cached = await offline.embed([texts[2]!, texts[0]!, texts[2]!]);
    expect(Array.from(cached[0]!)).toEqual(Array.from(first[2]!));
    expect(Array.from(cached[1]!)).toEqual(Array.from(first[0]!));
    expect(cache.stats.hits).toBe(3);
    expect(offline.dimensions).toBe(32);
    await expect(offline.embed(['a text nobody embedded'])).rejects.toSatisfy(
      (error: unknown) => isLoadoutError(error) && error.code === 'model-unavailable',
    );
  });

  it('refuses a remote-only model with allowRemoteModels false, naming the model', async () => {
    const embedder = track(createTransformersEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', localModelPath: root }));
    let caught: unknown;
    try {
      await embedder.embed(['hello']);
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('model-unavailable');
    expect((caught as Error).message).toContain('"Xenova/all-MiniLM-L6-v2"');
    expect((caught as Error).message).toContain('allowRemoteModels is false');
    const { env } = await import('@huggingface/transformers');
    expect(env.localModelPath).not.toContain(root);
  });

  it('rejects invalid options', () => {
    for (const options of [{ model: '' }, { model: 'm', batchSize: 0 }, { model: 'm', pooling: 'max' as 'mean' }, { model: 'm', dimensions: -1 }]) {
      let caught: unknown;
      try {
        createTransformersEmbedder(options);
      } catch (error) {
        caught = error;
      }
      expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    }
  });
});
