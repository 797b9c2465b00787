/** Default model folder of the `transformers` ranker (`WasmTransformersEmbedderOptions.model`). */
export const DEFAULT_TRANSFORMERS_MODEL = 'Xenova/all-MiniLM-L6-v2';

/** The embedder's `modelId` for these options: `<model>#<dtype>` (`q8` unless `quantized` is false), plus `#cls` for CLS pooling. */
export function transformersModelId(model: string = DEFAULT_TRANSFORMERS_MODEL, quantized = true, pooling: 'mean' | 'cls' = 'mean'): string {
  return `${model}#${quantized ? 'q8' : 'fp32'}${pooling === 'cls' ? '#cls' : ''}`;
}
