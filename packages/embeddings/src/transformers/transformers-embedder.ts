import { createLoadoutError, type Embedder } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import type { EmbeddingCache } from '../cache/embedding-cache.js';
import { createPipelineEmbedder, exclusively, type FeatureExtractionPipeline } from './pipeline-embedder.js';

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
  const batchSize = integerOption('@loadout/embeddings', 'batchSize', options.batchSize, 32, 1, 1024);
  if (pooling !== 'mean' && pooling !== 'cls') invalid('pooling', pooling, '"mean" or "cls"');
  integerOption('@loadout/embeddings', 'dimensions', options.dimensions, undefined, 1);
  const modelId = `${model}#${dtype}${pooling === 'cls' ? '#cls' : ''}`;

  const open = (): Promise<FeatureExtractionPipeline> =>
    exclusively(async () => {
      const transformers = await import('@huggingface/transformers');
      const { env } = transformers;
      const saved = { allowRemoteModels: env.allowRemoteModels, localModelPath: env.localModelPath };
      env.allowRemoteModels = allowRemoteModels;
      if (localModelPath !== undefined) env.localModelPath = localModelPath.endsWith('/') ? localModelPath : `${localModelPath}/`;
      try {
        const pipeline = await transformers.pipeline('feature-extraction', model, { dtype, local_files_only: !allowRemoteModels });
        return pipeline as unknown as FeatureExtractionPipeline;
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

  return createPipelineEmbedder({
    modelId,
    model,
    open,
    pooling,
    batchSize,
    source: '@loadout/embeddings',
    ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
    ...(cache === undefined ? {} : { cache }),
  });
}
