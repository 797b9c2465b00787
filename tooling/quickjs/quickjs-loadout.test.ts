import { createBm25Ranker } from '@loadout/bm25';
import { createCatalog, decideToolSearch, isLoadoutError, parseJson, parsePolicyInput, withQuerySyntax } from '@loadout/core';
import type { ToolInput } from '@loadout/core';
import { demoCatalogInput, demoQueries } from '@loadout/demo-catalog';
import { readFileSync } from 'node:fs';
import { createTiktokenCounter } from '@loadout/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyConformanceInputs } from '@loadout/core/test';
import { createQuickJsLoadout } from './quickjs-loadout.js';
import type { QuickJsLoadout } from './quickjs-loadout.js';

// The policy, BM25F and the tokenizer inside QuickJS (WebAssembly), from the built browser
// bundles (`pnpm build` first), compared with Node on the same inputs.

/** Node's answer in the driver's shape. */
function answer(body: () => unknown): string {
  try {
    return JSON.stringify({ ok: body() });
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    return JSON.stringify({ error: { code: error.code, message: error.message } });
  }
}

/** Tools in scripts and languages beyond ASCII, so the Unicode splitter runs in both engines. */
const NON_ASCII_TOOLS: ToolInput[] = [
  { name: '天气预报', server: 'wetter', description: '获取城市的天气预报，例如北京或上海' },
  { name: 'créer_réunion', server: 'agenda', description: 'Crée une réunion dans le calendrier de l’équipe (été, hiver)' },
  { name: 'поиск_документов', server: 'docs', description: 'Поиск документов по ключевым словам' },
  { name: 'getÜbersicht', server: 'docs', description: 'Zeigt eine Übersicht der Straßen in München' },
];
const TOOLS = [...demoCatalogInput.tools, ...NON_ASCII_TOOLS];
const QUERIES = [...demoQueries.map((query) => query.query), '天气预报 北京', 'réunion été', 'поиск документов', 'übersicht münchen', '+slack send message', 'select:get_weather'];

let quickJs: QuickJsLoadout;
beforeAll(async () => {
  quickJs = await createQuickJsLoadout();
});
afterAll(() => quickJs?.dispose());

describe('Loadout in QuickJS', () => {
  it('decides every policy conformance input as Node does', () => {
    const inputs = policyConformanceInputs();
    for (const { name, text } of inputs) {
      const node = answer(() => decideToolSearch(parsePolicyInput(parseJson(text, 'input'))));
      expect(quickJs.decide(text), name).toBe(node);
    }
    expect(inputs.length).toBeGreaterThan(300);
  });

  it('indexes, saves, restores and searches BM25F as Node does, byte for byte', () => {
    const catalog = JSON.stringify(TOOLS);
    const nodeBm25 = createBm25Ranker();
    const node = withQuerySyntax(nodeBm25);
    void node.index(createCatalog(TOOLS).tools);
    expect(JSON.parse(quickJs.index(catalog))).toEqual({ ok: TOOLS.length });

    const saved = quickJs.save();
    expect(saved).toEqual(nodeBm25.serialize());

    const search = (query: string): unknown => answer(() => (node.search(query, { limit: 5 }) as ReturnType<typeof nodeBm25.search>).map((hit) => ({ name: hit.tool.name, score: hit.score })));
    const indexed = QUERIES.map((query) => quickJs.search(query, 5));
    expect(JSON.parse(quickJs.restore(catalog, saved))).toEqual({ ok: TOOLS.length });
    const restored = QUERIES.map((query) => quickJs.search(query, 5));
    QUERIES.forEach((query, index) => {
      const expected = search(query);
      expect(JSON.parse(indexed[index]!), query).toEqual(JSON.parse(expected as string));
      expect(restored[index], query).toBe(indexed[index]);
    });
    expect(JSON.parse(indexed[QUERIES.indexOf('天气预报 北京')]!).ok[0].name).toBe('天气预报');
  });

  it('counts tokens of mixed-script text as Node does, in both encodings', { timeout: 120_000 }, () => {
    const sample = readFileSync(new URL('../unicode/__fixtures__/non-ascii-sample.txt', import.meta.url), 'utf8');
    const texts = [...sample.split('\n'), sample, ...NON_ASCII_TOOLS.map((tool) => JSON.stringify(tool)), JSON.stringify(demoCatalogInput.tools.slice(0, 20)), 'ǅemo ᾈthens 👍🏽 \u0301x'];
    for (const encoding of ['cl100k_base', 'o200k_base'] as const) {
      const node = createTiktokenCounter({ encoding });
      const counts = texts.map((text) => (JSON.parse(quickJs.count(encoding, text)) as { ok: number }).ok);
      expect(counts, encoding).toEqual(texts.map((text) => node.count(text)));
    }
  });

  it('rejects index bytes of another format version with index-corrupt', () => {
    const saved = quickJs.save();
    const other = saved.slice();
    other[4] = 9; // the u16 format version after the magic
    expect(JSON.parse(quickJs.restore(JSON.stringify(TOOLS), other)).error.code).toBe('index-corrupt');
  });
});
