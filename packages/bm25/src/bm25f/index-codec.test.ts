import type { CatalogTool } from '@loadout/core';
import { isLoadoutError } from '@loadout/core';
import { makeTools, resealFrame as reseal, undetectedBitFlips } from '@loadout/core/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryText, toTools, toolInput } from './__fixtures__/random-tools.js';
import { createBm25Ranker, deserializeBm25Index } from './create-bm25-ranker.js';
import type { Bm25Ranker } from './create-bm25-ranker.js';
import { INDEX_MAGIC } from './index-codec.js';

const tools = makeTools([
  { name: 'send_email', server: 'mail', description: 'Send an email message', inputSchema: { type: 'object', properties: { to: { type: 'string', description: 'Recipient address' } } } },
  { name: 'read_email', server: 'mail', description: 'Read email' },
  { name: 'list_files', description: 'List files in a folder — ünïcode too' },
]);

function built(list: readonly CatalogTool[] = tools): Bm25Ranker {
  const ranker = createBm25Ranker();
  ranker.index(list);
  return ranker;
}

function results(ranker: Bm25Ranker, query: string): unknown {
  return ranker.search(query, { limit: 10, explain: true }).map((hit) => [hit.tool.displayName, hit.score, hit.explanation]);
}

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return isLoadoutError(error) ? error.code : `not a LoadoutError: ${String(error)}`;
  }
  return undefined;
}

describe('BM25F index serialisation', () => {
  it('round-trips: a loaded index answers exactly like the original', () => {
    const original = built();
    const blob = original.serialize();
    expect(Array.from(blob.subarray(0, 4))).toEqual(Array.from(INDEX_MAGIC));
    const loaded = deserializeBm25Index(blob, tools);
    expect(loaded.size).toBe(3);
    for (const query of ['send email', 'recipient', 'files folder', 'mail', 'ünïcode']) expect(results(loaded, query)).toEqual(results(original, query));
    expect(loaded.serialize()).toEqual(blob);
  });

  it('round-trips after any add/remove history, and the loaded index stays updatable', () => {
    fc.assert(
      fc.property(
        fc.array(toolInput, { minLength: 1, maxLength: 8 }),
        fc.array(toolInput, { maxLength: 4 }),
        fc.nat(),
        queryText,
        (initial, added, removeSeed, query) => {
          const ranker = built(toTools(initial));
          ranker.add(toTools(added));
          const names = toTools([...initial, ...added]).map((tool) => tool.displayName);
          ranker.remove([names[removeSeed % names.length]!]);
          const loaded = deserializeBm25Index(ranker.serialize(), ranker.tools);
          expect(results(loaded, query)).toEqual(results(ranker, query));
          const extra = toTools(added).slice(0, 1);
          loaded.add(extra);
          ranker.add(extra);
          expect(results(loaded, query)).toEqual(results(ranker, query));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('is compact: a few bytes per posting', () => {
    const many = makeTools(Array.from({ length: 200 }, (_, index) => ({ name: `tool_${index}`, description: `Does thing number ${index} with files and users` })));
    const blob = built(many).serialize();
    expect(blob.length).toBeLessThan(200 * 60);
  });

  it('throws index-corrupt for every flipped bit at every byte position', () => {
    const blob = built().serialize();
    expect(undetectedBitFlips(blob, (damaged) => deserializeBm25Index(damaged, tools))).toEqual([]);
  });

  it('throws index-corrupt for truncated, empty or foreign data', () => {
    const blob = built().serialize();
    for (const length of [0, 3, 8, 20, blob.length - 1]) {
      expect(codeOf(() => deserializeBm25Index(blob.subarray(0, length), tools))).toBe('index-corrupt');
    }
    expect(codeOf(() => deserializeBm25Index(new TextEncoder().encode('{"not":"an index"}'), tools))).toBe('index-corrupt');
    expect(codeOf(() => deserializeBm25Index('LBMF' as never, tools))).toBe('index-corrupt');
  });

  it('checks structure behind a valid checksum: version, counts, ids', () => {
    const blob = built().serialize();
    const version = blob.slice();
    version[4] = 9;
    expect(() => deserializeBm25Index(reseal(version), tools)).toThrow(/unsupported format version 9/);
    const trailing = new Uint8Array(blob.length + 1);
    trailing.set(blob.subarray(0, blob.length - 4));
    trailing.set(blob.subarray(blob.length - 4), blob.length - 3);
    expect(codeOf(() => deserializeBm25Index(reseal(trailing), tools))).toBe('index-corrupt');
    fc.assert(
      fc.property(fc.integer({ min: 8, max: blob.length - 5 }), fc.integer({ min: 1, max: 255 }), (position, change) => {
        const copy = blob.slice();
        copy[position]! ^= change;
        const code = codeOf(() => deserializeBm25Index(reseal(copy), tools));
        expect(code === undefined || code === 'index-corrupt').toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a blob built for other tools or by another analyzer', () => {
    const blob = built().serialize();
    expect(() => deserializeBm25Index(blob, tools.slice(0, 2))).toThrow(`built for other tools (${tools.length} tools in the index, 2 given); index this catalog again`);
    expect(() => deserializeBm25Index(blob, [tools[1]!, tools[0]!, ...tools.slice(2)])).toThrow(
      expect.objectContaining({ code: 'index-corrupt', message: expect.stringContaining(`built for other tools (the same number of tools (${tools.length}), but other names or another order)`) }),
    );
    expect(() => deserializeBm25Index(blob, tools, { analyzer: { keepCompounds: false } })).toThrow(/built by analyzer/);
  });

  it('applies the loading ranker’s scoring options', () => {
    const blob = built().serialize();
    const loaded = deserializeBm25Index(blob, tools, { fieldWeights: { name: 1 }, multiIntent: 'off' });
    const fresh = createBm25Ranker({ fieldWeights: { name: 1 }, multiIntent: 'off' });
    fresh.index(tools);
    expect(results(loaded, 'email')).toEqual(results(fresh, 'email'));
  });
});
