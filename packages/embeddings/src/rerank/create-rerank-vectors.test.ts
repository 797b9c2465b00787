import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import { compactWordVectors } from '../static/compact-word-vectors.js';
import { parseWordVectorJson } from '../static/parse-word-vector-json.js';
import { createStaticEmbedderFromTable } from '../static/static-embedder.js';
import { TINY_WORDS, tinyVectorJson } from '../static/__fixtures__/tiny-vectors.js';
import { createRerankVectors } from './create-rerank-vectors.js';

const table = compactWordVectors(parseWordVectorJson(new TextEncoder().encode(tinyVectorJson(TINY_WORDS))));
const catalog = createCatalog([
  { name: 'send_email', description: 'Send an email message to an inbox' },
  { name: 'read_file', description: 'Read a document from a path' },
  { name: 'get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'create_commit', description: 'Create a commit in a code repository' },
]);

describe('createRerankVectors', () => {
  it('gives, without a promise, the vectors of the static embedder fitted on the catalog', async () => {
    const vectors = createRerankVectors(table, { components: 1 });
    const embedded = vectors.embedTools(catalog.tools);
    expect(embedded).toHaveLength(catalog.tools.length * vectors.dimensions);
    const embedder = createStaticEmbedderFromTable(table, { components: 1 });
    await embedder.fit([...catalog.tools].sort((left, right) => (left.displayName < right.displayName ? -1 : 1)));
    const expected = await embedder.embedTools(catalog.tools);
    expected.forEach((vector, index) => {
      const row = embedded.subarray(index * vectors.dimensions, (index + 1) * vectors.dimensions);
      vector.forEach((value, at) => expect(row[at]).toBeCloseTo(value, 6));
    });
    const [query] = await embedder.embed(['weather in the city']);
    vectors.embedText('weather in the city').forEach((value, at) => expect(value).toBeCloseTo(query![at]!, 6));
  });

  it('embeds a text without a known word as zeros', () => {
    const vectors = createRerankVectors(table);
    vectors.embedTools(catalog.tools);
    expect(Array.from(vectors.embedText('zzz qqq'))).toEqual(new Array<number>(vectors.dimensions).fill(0));
  });
});
