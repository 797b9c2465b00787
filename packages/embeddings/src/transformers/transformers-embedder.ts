import { createLoadoutError, type Embedder } from '@loadout/core';
import type { EmbeddingCache } from '../cache/embedding-cache.js';

/** Options of {@link createTransformersEmbedder}. */
export interface TransformersEmbedderOptions {
  /** A Hugging Face hub id (`Xenova/all-MiniLM-L6-v2`), looked up under `localModelPath`, or a local model directory. */
  model: string;
  /** Directory holding `<model id>/` folders. Default: transformers.js's own (`node_modules/@huggingface/transformers/models/`). */
  localModelPath?: string;
  /** Let transformers.js download missing files from the hub. Default false: nothing is fetched. */
  allowRemoteModels?: boolean;
  /** Use the 8-bit weights (`onnx/model_quantized.onnx`, dtype `q8`); false uses `onnx/model.onnx` (fp32). Default true. */
  quantized?: boolean;
  /** Texts per model call. Default 32; an integer from 1 to 1,024. */
  batchSize?: number;
  /** Vectors already computed, by `modelId` and text; new vectors are added. Default: none. */
  cache?: EmbeddingCache;
  /** How token vectors become one vector: the attention-masked mean or the first (`[CLS]`) token. Default `mean`. */
  pooling?: 'mean' | 'cls';
  /** The vector length, when known before loading; checked against the model's output. Default: learnt from the first vector. */
  dimensions?: number;
}

/** A sentence embedder on transformers.js; the model loads on the first cache miss. Node (native onnxruntime). */
export interface TransformersEmbedder extends Embedder {
  /**
   * `<model>#<dtype>` (`Xenova/all-MiniLM-L6-v2#q8`), plus `#cls` for CLS pooling.
   * `dimensions` is 0 until the first vector is known unless given as an option.
   */
  readonly modelId: string;
  /** Loads the model now; throws `model-unavailable` when it cannot. */
  load(): Promise<void>;
  /** Releases the model's session; a later call loads it again. */
  dispose(): Promise<void>;
}

type Extractor = ((
  texts: string[],
  options: { pooling: 'mean' | 'cls'; normalize: boolean },
) => Promise<{ data: ArrayLike<number>; dims: number[] }>) & { dispose(): Promise<void> };

let environmentLock: Promise<unknown> = Promise.resolve();

/** Runs `task` alone: transformers.js settings are process-global, so loads take turns. */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const result = environmentLock.then(task, task);
  environmentLock = result.catch(() => undefined);
  return result;
}

function invalid(name: string, value: unknown, range: string): never {
  throw createLoadoutError('invalid-option', `@loadout/embeddings: ${name} must be ${range}, got ${String(value)}`, { [name]: value });
}

/**
 * Creates an {@link Embedder} on a transformers.js `feature-extraction`
 * pipeline: pooled, L2-normalised sentence vectors, computed in batches and
 * memoised in `cache`. Offline by default: with `allowRemoteModels` false the
 * model must already be on disk, else the first embedding throws
 * `model-unavailable`.
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): TransformersEmbedder {
  const { model, localModelPath, cache } = options;
  if (typeof model !== 'string' || model.length === 0) invalid('model', model, 'a hub id or a directory');
  const allowRemoteModels = options.allowRemoteModels ?? false;
  const dtype = (options.quantized ?? true) ? 'q8' : 'fp32';
  const pooling = options.pooling ?? 'mean';
  const batchSize = options.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1024) invalid('batchSize', batchSize, 'an integer from 1 to 1024');
  if (pooling !== 'mean' && pooling !== 'cls') invalid('pooling', pooling, '"mean" or "cls"');
  if (options.dimensions !== undefined && (!Number.isInteger(options.dimensions) || options.dimensions < 1)) {
    invalid('dimensions', options.dimensions, 'a positive integer');
  }
  const modelId = `${model}#${dtype}${pooling === 'cls' ? '#cls' : ''}`;
  let dimensions = options.dimensions ?? 0;
  let extractor: Promise<Extractor> | undefined;

  const open = (): Promise<Extractor> =>
    exclusively(async () => {
      const transformers = await import('@huggingface/transformers');
      const { env } = transformers;
      const saved = { allowRemoteModels: env.allowRemoteModels, localModelPath: env.localModelPath };
      env.allowRemoteModels = allowRemoteModels;
      if (localModelPath !== undefined) env.localModelPath = localModelPath.endsWith('/') ? localModelPath : `${localModelPath}/`;
      try {
        const pipeline = await transformers.pipeline('feature-extraction', model, { dtype, local_files_only: !allowRemoteModels });
        return pipeline as unknown as Extractor;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const missing = error instanceof Error && (error.name === 'ModelFileNotFoundError' || /not found locally|local_files_only/.test(reason));
        const where = localModelPath ?? env.localModelPath;
        throw createLoadoutError(
          'model-unavailable',
          missing && !allowRemoteModels
            ? `@loadout/embeddings: model ${JSON.stringify(model)} (${dtype}) is not available locally under ${JSON.stringify(where)} and allowRemoteModels is false; put the model files there or pass allowRemoteModels: true (${reason})`
            : `@loadout/embeddings: cannot load model ${JSON.stringify(model)} (${dtype}): ${reason}`,
          { model, dtype, localModelPath: where, allowRemoteModels, reason },
        );
      } finally {
        env.allowRemoteModels = saved.allowRemoteModels;
        env.localModelPath = saved.localModelPath;
      }
    });

  const ready = (): Promise<Extractor> => {
    extractor ??= open().catch((error: unknown) => {
      extractor = undefined;
      throw error;
    });
    return extractor;
  };

  const compute = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const pipeline = await ready();
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const output = await pipeline(batch, { pooling, normalize: true });
      const width = output.dims[output.dims.length - 1] ?? 0;
      if (dimensions === 0) dimensions = width;
      if (width !== dimensions || output.data.length !== width * batch.length) {
        throw createLoadoutError(
          'model-unavailable',
          `@loadout/embeddings: model ${JSON.stringify(model)} returned vectors of ${width} entries (shape ${JSON.stringify(output.dims)}); expected ${dimensions}`,
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
      const current = extractor;
      extractor = undefined;
      if (current !== undefined) await (await current.catch(() => undefined))?.dispose();
    },
    async embed(texts) {
      const results: (Float32Array | undefined)[] = texts.map((text) => cache?.get(modelId, text));
      const missing = [...new Set(texts.filter((_, index) => results[index] === undefined))];
      if (missing.length > 0) {
        const computed = await compute(missing);
        const byText = new Map(missing.map((text, index) => [text, computed[index]!]));
        texts.forEach((text, index) => {
          if (results[index] === undefined) results[index] = byText.get(text)!;
        });
        for (const [text, vector] of byText) cache?.set(modelId, text, vector);
      }
      const vectors = results as Float32Array[];
      if (dimensions === 0 && vectors.length > 0) dimensions = vectors[0]!.length;
      return vectors.map((vector) => Float32Array.from(vector));
    },
  };
}
