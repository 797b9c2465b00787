import { createLoadoutError, describeValue, type Embedder } from '@loadout/core';
import type { EmbeddingCache } from '../cache/embedding-cache.js';

/** A transformers.js `feature-extraction` pipeline, as the embedders call it. */
export type FeatureExtractionPipeline = ((
  texts: string[],
  options: { pooling: 'mean' | 'cls'; normalize: boolean },
) => Promise<{ data: ArrayLike<number>; dims: number[] }>) & { dispose?(): Promise<void> };

/** Options of {@link createPipelineEmbedder}. */
export interface PipelineEmbedderOptions {
  /** The embedder's `modelId` (`<model>#<dtype>`, plus `#cls`): the cache key. */
  readonly modelId: string;
  /** The model as the user named it, for error messages. */
  readonly model: string;
  /** Loads the pipeline; called on first use, and again after a failed load or `dispose()`. */
  readonly open: () => Promise<FeatureExtractionPipeline>;
  /** Pooling passed to the pipeline. */
  readonly pooling: 'mean' | 'cls';
  /** Texts per pipeline call, 1–1,024. */
  readonly batchSize: number;
  /** The vector length when known in advance; checked against the output. Default: learnt from the first vector. */
  readonly dimensions?: number;
  /** Vectors already computed, by `modelId` and text. Default: none. */
  readonly cache?: EmbeddingCache;
  /** Package named in error messages (`@loadout/embeddings`, `@loadout/browser`). */
  readonly source: string;
}

/** An {@link Embedder} over a lazily loaded pipeline. */
export interface PipelineEmbedder extends Embedder {
  /** Loads the model now; rejects as `open` does. */
  load(): Promise<void>;
  /** Releases the model's session; a later call loads it again. */
  dispose(): Promise<void>;
}

let environmentLock: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` alone: transformers.js settings (`env`) are global to the
 * realm, so model loads that set them take turns.
 */
export function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const result = environmentLock.then(task, task);
  environmentLock = result.catch(() => undefined);
  return result;
}

/**
 * The part of a transformers.js embedder that does not depend on where the
 * model comes from (Node's native runtime or the browser's WASM one): lazy
 * loading that retries after a failure, batching, shape checks, the
 * embedding cache, and copies so callers never alias cached vectors.
 * Browser-safe.
 */
export function createPipelineEmbedder(options: PipelineEmbedderOptions): PipelineEmbedder {
  const { modelId, model, open, pooling, batchSize, cache, source } = options;
  let dimensions = options.dimensions ?? 0;
  let pipeline: Promise<FeatureExtractionPipeline> | undefined;

  const ready = (): Promise<FeatureExtractionPipeline> => {
    pipeline ??= open().catch((error: unknown) => {
      pipeline = undefined;
      throw error;
    });
    return pipeline;
  };

  const compute = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const extract = await ready();
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const output = await extract(batch, { pooling, normalize: true });
      const width = output.dims[output.dims.length - 1] ?? 0;
      if (dimensions === 0) dimensions = width;
      if (width !== dimensions || output.data.length !== width * batch.length) {
        throw createLoadoutError(
          'model-unavailable',
          `${source}: model ${describeValue(model)} returned vectors of shape ${JSON.stringify(output.dims)}; expected ${batch.length} × ${dimensions}`,
          { model, dims: output.dims, dimensions },
        );
      }
      const data = output.data instanceof Float32Array ? output.data : Float32Array.from(output.data);
      for (let row = 0; row < batch.length; row++) vectors.push(data.slice(row * width, (row + 1) * width));
    }
    return vectors;
  };

  return {
    specificationVersion: 'v1',
    modelId,
    get dimensions() {
      return dimensions;
    },
    async load() {
      await ready();
    },
    async dispose() {
      const current = pipeline;
      pipeline = undefined;
      if (current !== undefined) await (await current.catch(() => undefined))?.dispose?.();
    },
    async embed(texts) {
      const results: (Float32Array | undefined)[] = texts.map((text) => cache?.get(modelId, text));
      const missing = [...new Set(texts.filter((_, index) => results[index] === undefined))];
      if (missing.length > 0) {
        const computed = await compute(missing);
        const byText = new Map(missing.map((text, index) => [text, computed[index] as Float32Array]));
        texts.forEach((text, index) => {
          if (results[index] === undefined) results[index] = byText.get(text);
        });
        for (const [text, vector] of byText) cache?.set(modelId, text, vector);
      }
      const vectors = results as Float32Array[];
      if (dimensions === 0 && vectors.length > 0) dimensions = vectors[0]?.length ?? 0;
      return vectors.map((vector) => Float32Array.from(vector));
    },
  };
}
