/** Where onnxruntime-web finds its WASM files: a URL prefix, or the two files by URL. */
export type WasmPaths = string | { readonly mjs: string; readonly wasm: string };

/** A `feature-extraction` pipeline of transformers.js, as this package calls it. */
export type FeatureExtractor = ((
  texts: string[],
  options: { pooling: 'mean' | 'cls'; normalize: boolean },
) => Promise<{ data: ArrayLike<number>; dims: number[] }>) & { dispose?(): Promise<void> };

/** The part of the `@huggingface/transformers` module this package uses. */
export interface TransformersLibrary {
  readonly env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    localModelPath: string;
    backends: { onnx?: { wasm?: { wasmPaths?: unknown } } };
  };
  pipeline(
    task: 'feature-extraction',
    model: string,
    options: { dtype: string; device: string; local_files_only: boolean },
  ): Promise<unknown>;
}

/** Where to get transformers.js, for the `transformers` ranker's reasons and errors. */
export const TRANSFORMERS_OPT_IN =
  'start the worker from @loadout/browser/worker-transformers, or pass createEngine a loadTransformers function that imports @huggingface/transformers';

/**
 * The default `loadLibrary`: none. transformers.js and onnxruntime-web's 27 MB
 * WASM are opt-in, so a page that never uses the `transformers` ranker never
 * bundles them; this rejects, naming how to opt in.
 */
export function transformersNotProvided(): Promise<TransformersLibrary> {
  return Promise.reject(new Error(`transformers.js is not part of this engine: ${TRANSFORMERS_OPT_IN}`));
}
