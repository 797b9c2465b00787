import { describe, expect, it } from 'vitest';
import { createEngine } from './create-engine.js';
import { findUnavailableRankers } from './ranker-availability.js';

/** A fetch serving `files` (URL → body); anything else is a 404. */
function serving(files: Record<string, string>): { fetch: (url: string) => Promise<Response>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (url) => {
      asked.push(url);
      const body = files[url];
      return body === undefined ? new Response('not found', { status: 404 }) : new Response(body, { status: 200 });
    },
  };
}

const MODEL = 'https://site.test/models/Xenova/all-MiniLM-L6-v2/';
const loadTransformers = () => Promise.reject(new Error('never loaded by a probe'));

describe('findUnavailableRankers', () => {
  it('names the missing table and transformers.js when the engine has neither', async () => {
    const reasons = await findUnavailableRankers({ fetch: serving({}).fetch });
    expect(reasons.get('static-embedding')).toBe('no word-vector table: the engine has no staticTableUrl');
    expect(reasons.get('hybrid')).toBe(reasons.get('static-embedding'));
    expect(reasons.get('transformers')).toMatch(/^transformers\.js is not part of this engine: start the worker from @loadout\/browser\/worker-transformers/);
  });

  it('names the first model file that is not served, and the table URL that answers 404', async () => {
    const { fetch } = serving({ [`${MODEL}config.json`]: '{}' });
    const reasons = await findUnavailableRankers({ fetch, staticTableUrl: 'https://site.test/static/t.ldwv', modelBaseUrl: 'https://site.test/models', wasmPaths: 'ort/', loadTransformers });
    expect(reasons.get('hybrid')).toBe('no word-vector table: https://site.test/static/t.ldwv answered HTTP 404');
    expect(reasons.get('transformers')).toBe(`no model files: ${MODEL}tokenizer.json answered HTTP 404`);
  });

  it('finds nothing missing when every file is served', async () => {
    const files = Object.fromEntries(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'].map((file) => [`${MODEL}${file}`, '{}']));
    const { fetch } = serving({ ...files, 'https://site.test/t.ldwv': 'LDWV' });
    const reasons = await findUnavailableRankers({ fetch, staticTableUrl: 'https://site.test/t.ldwv', modelBaseUrl: 'https://site.test/models/', wasmPaths: 'ort/', loadTransformers });
    expect([...reasons]).toEqual([]);
  });
});

describe('engine.rankers()', () => {
  it('lists every ranker in registry order, the default first, with the unavailable ones and their reason, probing once', async () => {
    const { fetch, asked } = serving({});
    const engine = createEngine({ fetch, indexStore: null, staticTableUrl: 'https://site.test/t.ldwv' });
    const rankers = await engine.rankers();
    expect(rankers[0]).toMatchObject({ name: 'bm25f', available: true });
    expect(rankers.find((ranker) => ranker.name === 'hybrid')).toMatchObject({ available: false, reason: 'no word-vector table: https://site.test/t.ldwv answered HTTP 404' });
    expect(rankers.filter((ranker) => !ranker.available).map((ranker) => ranker.name)).toEqual(['static-embedding', 'hybrid', 'transformers']);
    expect(rankers.every((ranker) => ranker.available === (ranker.reason === undefined))).toBe(true);
    await engine.rankers();
    expect(asked).toEqual(['https://site.test/t.ldwv']);
    engine.dispose();
  });
});
