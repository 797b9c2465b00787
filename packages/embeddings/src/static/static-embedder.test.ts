import { describe, it, expect } from 'vitest';
import { createCatalog, isLoadoutError } from '@loadout/core';
import { compactWordVectors } from './compact-word-vectors.js';
import { parseWordVectorJson } from './parse-word-vector-json.js';
import { createStaticEmbedderFromTable } from './static-embedder.js';
import { TINY_WORDS, tinyVectorJson } from './__fixtures__/tiny-vectors.js';

const table = compactWordVectors(parseWordVectorJson(new TextEncoder().encode(tinyVectorJson(TINY_WORDS))));
const catalog = createCatalog([
  { name: 'read_file', description: 'Read a document from a path' },
  { name: 'send_email', description: 'Send an email message to an inbox' },
  { name: 'get_forecast', description: 'Get the weather forecast for a city', inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'the city' } } } },
  { name: 'create_commit', description: 'Create a commit in a code repository' },
  { name: 'refund_payment', description: 'Refund a payment for an invoice' },
  { name: 'schedule_meeting', description: 'Schedule a calendar event' },
]);

const norm = (vector: Float32Array) => Math.hypot(...vector);
const cosine = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);

describe('createStaticEmbedderFromTable', () => {
  it('embeds texts to normalised vectors of the table dimension, deterministically', async () => {
    const embedder = createStaticEmbedderFromTable(table);
    expect(embedder.specificationVersion).toBe('v1');
    expect(embedder.modelId).toBe('glove-sg-100d-sif-int8');
    expect(embedder.dimensions).toBe(8);
    const [first, second] = await embedder.embed(['send an email', 'weather in the city']);
    expect(first).toHaveLength(8);
    expect(norm(first!)).toBeCloseTo(1, 5);
    expect(norm(second!)).toBeCloseTo(1, 5);
    const [again] = await embedder.embed(['send an email']);
    expect(Array.from(again!)).toEqual(Array.from(first!));
  });

  it('embeds a text without known words as the zero vector', async () => {
    const [vector] = await createStaticEmbedderFromTable(table).embed(['zzz qqq']);
    expect(Array.from(vector!)).toEqual(new Array(8).fill(0));
  });

  it('puts a query nearest to the tool of its topic after fitting', async () => {
    const embedder = createStaticEmbedderFromTable(table, { components: 1 });
    await embedder.fit(catalog.tools);
    const tools = await embedder.embedTools(catalog.tools);
    const queries = ['mail a message', 'rain temperature tomorrow', 'write a file', 'invoice refund', 'calendar meeting'];
    const expected = ['send_email', 'get_forecast', 'read_file', 'refund_payment', 'schedule_meeting'];
    const vectors = await embedder.embed(queries);
    vectors.forEach((query, index) => {
      const scores = tools.map((tool) => cosine(query, tool));
      const best = scores.indexOf(Math.max(...scores));
      expect(catalog.tools[best]!.name).toBe(expected[index]);
    });
  });

  it('fit removes principal components, changes modelId, and an empty fit restores the base model', async () => {
    const embedder = createStaticEmbedderFromTable(table, { components: 2 });
    const [before] = await embedder.embed(['the email']);
    await embedder.fit(catalog.tools);
    expect(embedder.removedComponents).toBe(2);
    expect(embedder.modelId).toMatch(/^glove-sg-100d-sif-int8-pc2-[0-9a-f]{8}$/);
    const [after] = await embedder.embed(['the email']);
    expect(norm(after!)).toBeCloseTo(1, 5);
    expect(Array.from(after!)).not.toEqual(Array.from(before!));
    const other = createStaticEmbedderFromTable(table, { components: 2 });
    await other.fit(catalog.tools.slice(0, 3));
    expect(other.modelId).not.toBe(embedder.modelId);
    await embedder.fit([]);
    expect(embedder.removedComponents).toBe(0);
    expect(embedder.modelId).toBe('glove-sg-100d-sif-int8');
  });

  it('weighs tool fields: a heavier name pulls the tool toward the name topic', async () => {
    const [tool] = createCatalog([{ name: 'send_email', description: 'Get the weather forecast' }]).tools;
    const [mail] = await createStaticEmbedderFromTable(table).embed(['email']);
    const nameHeavy = createStaticEmbedderFromTable(table, { fieldWeights: { name: 10, description: 1 } });
    const descriptionHeavy = createStaticEmbedderFromTable(table, { fieldWeights: { name: 1, description: 10 } });
    const [heavy] = await nameHeavy.embedTools([tool!]);
    const [light] = await descriptionHeavy.embedTools([tool!]);
    expect(cosine(mail!, heavy!)).toBeGreaterThan(cosine(mail!, light!));
  });

  it('loads a lazy table once, even under concurrent calls, and retries after a failure', async () => {
    let calls = 0;
    const embedder = createStaticEmbedderFromTable(async () => {
      calls++;
      if (calls === 1) throw new Error('disk hiccup');
      return table;
    }, { dimensions: 8 });
    await expect(embedder.embed(['email'])).rejects.toThrow('disk hiccup');
    await Promise.all([embedder.embed(['email']), embedder.embed(['file']), embedder.load()]);
    expect(calls).toBe(2);
    expect(await embedder.coverage('email zzz')).toBe(0.5);
  });

  it('rejects a table of another dimension and invalid options', async () => {
    const wrong = createStaticEmbedderFromTable(async () => table);
    await expect(wrong.embed(['x'])).rejects.toThrow(/expects 100 dimensions, its table has 8/);
    for (const options of [{ sifA: 0 }, { components: 9 }, { components: 1.5 }, { fieldWeights: { name: -1 } }, { dimensions: 0 }]) {
      let caught: unknown;
      try {
        createStaticEmbedderFromTable(table, options);
      } catch (error) {
        caught = error;
      }
      expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    }
  });
});
