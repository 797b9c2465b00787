import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { createFakeTransformers } from '../__fixtures__/fake-transformers.js';
import { createWasmTransformersEmbedder, DEFAULT_TRANSFORMERS_MODEL } from './wasm-transformers-embedder.js';

const wasmPaths = 'https://app.example/ort/';
const modelBaseUrl = 'https://app.example/models';

function failure(run: () => unknown): { code: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    return { code: isLoadoutError(error) ? error.code : undefined, message: (error as Error).message };
  }
  return { code: undefined, message: '' };
}

describe('createWasmTransformersEmbedder', () => {
  it('configures transformers.js for local files on the WASM backend before creating the pipeline', async () => {
    const fake = createFakeTransformers();
    const embedder = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, loadLibrary: async () => fake.library });
    expect(embedder.modelId).toBe(`${DEFAULT_TRANSFORMERS_MODEL}#q8`);
    await embedder.load();
    expect(fake.pipelineCalls).toEqual([
      {
        task: 'feature-extraction',
        model: DEFAULT_TRANSFORMERS_MODEL,
        options: { dtype: 'q8', device: 'wasm', local_files_only: true },
        env: { allowRemoteModels: false, allowLocalModels: true, localModelPath: 'https://app.example/models/', wasmPaths },
      },
    ]);
  });

  it('passes { mjs, wasm } paths, the model, fp32 and CLS pooling through', async () => {
    const fake = createFakeTransformers();
    const paths = { mjs: 'https://app.example/ort/a.mjs', wasm: 'https://app.example/ort/a.wasm' };
    const embedder = createWasmTransformersEmbedder({
      model: 'local/tiny',
      modelBaseUrl: 'https://app.example/m/',
      wasmPaths: paths,
      quantized: false,
      pooling: 'cls',
      loadLibrary: async () => fake.library,
    });
    expect(embedder.modelId).toBe('local/tiny#fp32#cls');
    await embedder.load();
    expect(fake.pipelineCalls[0]).toMatchObject({ model: 'local/tiny', options: { dtype: 'fp32' }, env: { localModelPath: 'https://app.example/m/', wasmPaths: paths } });
  });

  it('embeds in batches, learns the dimensions, loads the model once and disposes it', async () => {
    const fake = createFakeTransformers();
    const embedder = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, batchSize: 2, loadLibrary: async () => fake.library });
    expect(embedder.dimensions).toBe(0);
    const vectors = await embedder.embed(['read a file', 'send an email', 'weather forecast']);
    expect(vectors).toHaveLength(3);
    expect(embedder.dimensions).toBe(16);
    expect(fake.batches).toEqual([['read a file', 'send an email'], ['weather forecast']]);
    expect(await embedder.embed([])).toEqual([]);
    await embedder.embed(['code']);
    expect(fake.pipelineCalls).toHaveLength(1);
    await embedder.dispose();
    expect(fake.disposed).toBe(1);
  });

  it('throws model-unavailable naming the URL and the files when the model is not served', async () => {
    const fake = createFakeTransformers({ missing: true });
    const fetch = async (url: string) => new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    const embedder = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, fetch, loadLibrary: async () => fake.library });
    const error = await embedder.embed(['hello']).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toContain('model files not found');
    expect((error as Error).message).toContain(`https://app.example/models/${DEFAULT_TRANSFORMERS_MODEL}/config.json answered HTTP 404`);
    expect((error as Error).message).toContain('onnx/model_quantized.onnx');
    expect((error as Error).message).toMatch(/no CDN or hub/);
    expect(await embedder.load().catch((caught: unknown) => isLoadoutError(caught) && caught.code)).toBe('model-unavailable');
    expect(fake.pipelineCalls).toHaveLength(2);
  });

  it('names the file a dev server answered with its HTML fallback page, whatever transformers.js made of it', async () => {
    const served: Record<string, () => Response> = {};
    const fetch = async (url: string) => served[url]?.() ?? new Response('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    const folder = `https://app.example/models/${DEFAULT_TRANSFORMERS_MODEL}/`;
    served[`${folder}config.json`] = () => new Response('{"model_type":"bert"}', { headers: { 'content-type': 'application/json' } });
    const fake = createFakeTransformers();
    const library = { ...fake.library, pipeline: async () => Promise.reject(new SyntaxError('Unexpected token \'<\', "<!doctype "... is not valid JSON')) };
    const embedder = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, fetch, loadLibrary: async () => library });
    const error = await embedder.load().catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toContain(`${folder}tokenizer.json answered with an HTML page (content type text/html)`);
    expect((error as Error).message).toContain(`in the folder ${folder}`);
    expect(isLoadoutError(error) && error.details['missing']).toMatch(/tokenizer\.json/);

    // Every file served right: the failure is something else, and says so with transformers.js's reason.
    for (const file of ['tokenizer.json', 'tokenizer_config.json']) served[`${folder}${file}`] = () => new Response('{}', { headers: { 'content-type': 'application/json' } });
    served[`${folder}onnx/model_quantized.onnx`] = () => new Response(new Uint8Array(8), { headers: { 'content-type': 'application/octet-stream' } });
    const other = await createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, fetch, loadLibrary: async () => library }).load().catch((caught: unknown) => caught);
    expect(isLoadoutError(other) && other.code).toBe('model-unavailable');
    expect((other as Error).message).toMatch(/cannot start transformers model .*not valid JSON/);
  });

  it('reports a library that does not load, or has no WASM backend, as unsupported-environment', async () => {
    const broken = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, loadLibrary: async () => Promise.reject(new Error('no module')) });
    expect(await broken.load().catch((caught: unknown) => isLoadoutError(caught) && caught.code)).toBe('unsupported-environment');
    const fake = createFakeTransformers();
    const library = { ...fake.library, env: { ...fake.library.env, backends: {} } };
    const noWasm = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, loadLibrary: async () => library });
    expect(await noWasm.load().catch((caught: unknown) => isLoadoutError(caught) && caught.code)).toBe('unsupported-environment');
  });

  it('rejects missing or malformed options at once with invalid-option', () => {
    const missingBase = failure(() => createWasmTransformersEmbedder({ wasmPaths } as never));
    expect(missingBase.code).toBe('invalid-option');
    expect(missingBase.message).toMatch(/modelBaseUrl/);
    expect(failure(() => createWasmTransformersEmbedder({ modelBaseUrl } as never)).message).toMatch(/wasmPaths/);
    expect(failure(() => createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths: { mjs: 'a' } as never })).code).toBe('invalid-option');
    expect(failure(() => createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, batchSize: 0 })).code).toBe('invalid-option');
    expect(failure(() => createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, pooling: 'max' as never })).code).toBe('invalid-option');
  });
});
