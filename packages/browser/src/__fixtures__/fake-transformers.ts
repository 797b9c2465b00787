import type { FeatureExtractor, TransformersLibrary } from '../transformers/transformers-library.js';

/** Words the fake model knows, one dimension each; other words add nothing. */
const VOCABULARY = ['file', 'read', 'write', 'email', 'mail', 'send', 'message', 'weather', 'forecast', 'rain', 'commit', 'code', 'payment', 'refund', 'meeting', 'calendar'];

/** What a fake library saw: the env at pipeline time, and every pipeline call. */
export interface FakeTransformers {
  readonly library: TransformersLibrary;
  readonly pipelineCalls: { task: string; model: string; options: unknown; env: Record<string, unknown> }[];
  /** Texts embedded, per extractor call. */
  readonly batches: string[][];
  disposed: number;
}

/**
 * A stand-in for `@huggingface/transformers`: `pipeline` records its
 * arguments and the env, then either fails like transformers.js does for
 * missing local files (`missing: true`) or returns a bag-of-words extractor.
 */
export function createFakeTransformers(options: { missing?: boolean } = {}): FakeTransformers {
  const fake: FakeTransformers = { library: undefined as never, pipelineCalls: [], batches: [], disposed: 0 };
  const env = { allowRemoteModels: true, allowLocalModels: false, localModelPath: '/models/', backends: { onnx: { wasm: { wasmPaths: 'https://cdn.example/' } as { wasmPaths?: unknown } } } };
  const library: TransformersLibrary = {
    env,
    async pipeline(task, model, pipelineOptions) {
      fake.pipelineCalls.push({
        task,
        model,
        options: pipelineOptions,
        env: { allowRemoteModels: env.allowRemoteModels, allowLocalModels: env.allowLocalModels, localModelPath: env.localModelPath, wasmPaths: env.backends.onnx.wasm.wasmPaths },
      });
      if (options.missing === true) {
        const error = new Error(`\`local_files_only=true\` or \`env.allowRemoteModels=false\` and file was not found locally at "${env.localModelPath}${model}/config.json".`);
        error.name = 'ModelFileNotFoundError';
        throw error;
      }
      const extractor = async (texts: string[]) => {
        fake.batches.push([...texts]);
        const data = new Float32Array(texts.length * VOCABULARY.length);
        texts.forEach((text, row) => {
          const words = text.toLowerCase().split(/[^a-z]+/);
          VOCABULARY.forEach((word, column) => {
            if (words.some((candidate) => candidate.startsWith(word))) data[row * VOCABULARY.length + column] = 1;
          });
          let norm = 0;
          for (let column = 0; column < VOCABULARY.length; column++) norm += data[row * VOCABULARY.length + column]! ** 2;
          if (norm > 0) for (let column = 0; column < VOCABULARY.length; column++) data[row * VOCABULARY.length + column]! /= Math.sqrt(norm);
        });
        return { data, dims: [texts.length, VOCABULARY.length] };
      };
      return Object.assign(extractor, {
        async dispose() {
          fake.disposed++;
        },
      }) satisfies FeatureExtractor;
    },
  };
  (fake as { library: TransformersLibrary }).library = library;
  return fake;
}
