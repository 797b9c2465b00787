import { describe, it, expect, inject } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import '../__fixtures__/provided-context.js';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createEngine } from '../engine/create-engine.js';
import type { TransformersLibrary } from './transformers-library.js';
import { createWasmTransformersEmbedder } from './wasm-transformers-embedder.js';

const loadLibrary = async (): Promise<TransformersLibrary> => (await import('@huggingface/transformers')) as unknown as TransformersLibrary;
const inBrowser = typeof window !== 'undefined' && typeof indexedDB !== 'undefined';

describe.skipIf(!inBrowser)('transformers.js on its WASM backend in Chromium', () => {
  it('fails with model-unavailable naming modelBaseUrl when the model files are not served', async () => {
    const wasmPaths = inject('ortWasmPaths') || '/ort/';
    const embedder = createWasmTransformersEmbedder({ modelBaseUrl: '/no-models-here/', wasmPaths, model: 'local/absent', loadLibrary });
    const error = await embedder.embed(['hello']).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toContain(`${location.origin}/no-models-here/`);
    expect((error as Error).message).toContain('local/absent');
    expect((error as Error).message).toContain(`model files not found for transformers model "local/absent" (q8): ${location.origin}/no-models-here/local/absent/config.json`);
  });

  it('embeds with a local model and local WASM files, and ranks through the engine', async () => {
    const modelBaseUrl = inject('tinyModelBaseUrl');
    const wasmPaths = inject('ortWasmPaths');
    expect([modelBaseUrl, wasmPaths].map((value) => value !== ''), 'the tiny model and onnxruntime-web WASM must be available (see vitest.browser.setup.ts)').toEqual([true, true]);
    const embedder = createWasmTransformersEmbedder({ modelBaseUrl, wasmPaths, model: 'local/tiny-bert', loadLibrary });
    const [first, second] = await embedder.embed(['send an email', 'send an email']);
    expect(embedder.dimensions).toBe(32);
    expect(Array.from(first!)).toEqual(Array.from(second!));
    expect(Math.hypot(...first!)).toBeCloseTo(1, 4);
    await embedder.dispose();

    const engine = createEngine({ indexStore: null, modelBaseUrl, wasmPaths, transformersModel: 'local/tiny-bert', loadTransformers: loadLibrary });
    await engine.loadCatalog(TOOLS);
    const result = await engine.search('select:send_email', { ranker: 'transformers' });
    expect(result.hits.map((hit) => hit.tool.name)).toEqual(['send_email']);
    const semantic = await engine.search('weather in a city', { ranker: 'transformers', limit: 12 });
    expect(semantic.hits).toHaveLength(12);
    for (const hit of semantic.hits) expect(Math.abs(hit.score)).toBeLessThanOrEqual(1 + 1e-5);
    engine.dispose();
    const fetched = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(fetched.filter((url) => new URL(url).origin !== location.origin)).toEqual([]);
  });
});
