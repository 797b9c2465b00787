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

/** Imports transformers.js (the web build in a browser bundle). Kept in its own chunk by bundlers. */
export async function importTransformers(): Promise<TransformersLibrary> {
  return (await import('@huggingface/transformers')) as unknown as TransformersLibrary;
}
