import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getQuickJS } from 'quickjs-emscripten';
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';

const packages = fileURLToPath(new URL('../../packages/', import.meta.url));
const bundle = (name: string): string => readFileSync(`${packages}${name}/dist/browser/index.js`, 'utf8');

/**
 * Runs inside QuickJS, importing the two browser bundles as a page would:
 * every answer is JSON text, `{"ok": …}` or `{"error": {code, message}}`.
 */
const DRIVER = `
import { createCatalog, decideToolSearch, isLoadoutError, parseCatalogText, parseJson, parsePolicyInput, withQuerySyntax } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import { createTiktokenCounter } from '@loadout/tokens';
const answer = (body) => {
  try {
    return JSON.stringify({ ok: body() });
  } catch (error) {
    return JSON.stringify({ error: isLoadoutError(error) ? { code: error.code, message: error.message } : { code: 'internal', message: String(error && error.message) } });
  }
};
let bm25;
let ranker;
let tools;
const open = (catalog, saved) => {
  const parsed = parseCatalogText(catalog, { source: 'catalog' });
  tools = createCatalog(parsed.tools, { servers: parsed.servers, source: 'catalog' }).tools;
  bm25 = createBm25Ranker();
  ranker = withQuerySyntax(saved === undefined ? bm25 : { ...bm25, specificationVersion: 'v1', name: bm25.name, index: (list) => bm25.load(saved, list), search: (query, options) => bm25.search(query, options) });
  ranker.index(tools);
  return tools.length;
};
globalThis.loadout = {
  decide: (text) => answer(() => decideToolSearch(parsePolicyInput(parseJson(text, 'input')))),
  index: (catalog) => answer(() => open(catalog, undefined)),
  restore: (catalog, buffer) => answer(() => open(catalog, new Uint8Array(buffer))),
  search: (query, limit) => answer(() => ranker.search(query, { limit }).map((hit) => ({ name: hit.tool.name, score: hit.score }))),
  count: (encoding, text) => answer(() => createTiktokenCounter({ encoding }).count(text)),
  save: () => { const bytes = bm25.serialize(); return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength); },
};
`;

/** Loadout inside QuickJS (quickjs-emscripten, WebAssembly): core's, BM25F's and the tokenizer's browser bundles, driven with JSON. */
export interface QuickJsLoadout {
  /** `decideToolSearch(parsePolicyInput(parseJson(text, "input")))` in QuickJS; JSON `{"ok": decision}` or `{"error": {code, message}}`. */
  decide(text: string): string;
  /** Indexes catalog text (JSON array, JSONL, `{"tools": [...]}`) with BM25F and the query syntax; `{"ok": toolCount}`. */
  index(catalog: string): string;
  /** The index as saved bytes (`Bm25Ranker.serialize`). */
  save(): Uint8Array;
  /** Restores saved bytes for the same catalog instead of indexing; `{"ok": toolCount}`. */
  restore(catalog: string, saved: Uint8Array): string;
  /** `{"ok": [{name, score}]}`. */
  search(query: string, limit: number): string;
  /** `createTiktokenCounter({ encoding }).count(text)` from `@loadout/tokens`' browser bundle; `{"ok": tokens}`. */
  count(encoding: 'cl100k_base' | 'o200k_base', text: string): string;
  dispose(): void;
}

function evaluate(context: QuickJSContext, code: string): QuickJSHandle {
  return context.unwrapResult(context.evalCode(code, 'call.js'));
}

/** Loads the built browser bundles of `@loadout/core`, `@loadout/bm25` and `@loadout/tokens` (`pnpm build` first) into a fresh QuickJS runtime. */
export async function createQuickJsLoadout(): Promise<QuickJsLoadout> {
  const quickJs = await getQuickJS();
  const runtime = quickJs.newRuntime();
  const modules: Record<string, string> = { '@loadout/core': bundle('core'), '@loadout/core/utils': bundle('core'), '@loadout/bm25': bundle('bm25'), '@loadout/tokens': bundle('tokens') };
  // core's bundle carries its utils subpath: both names are one module.
  runtime.setModuleLoader(
    (name) => modules[name] ?? { error: new Error(`no module ${name}`) },
    (_base, requested) => (requested === '@loadout/core/utils' ? '@loadout/core' : requested),
  );
  const context = runtime.newContext();
  context.unwrapResult(context.evalCode(DRIVER, 'driver.js', { type: 'module' })).dispose();
  const call = (code: string): string => evaluate(context, code).consume(context.getString);
  return {
    decide: (text) => call(`loadout.decide(${JSON.stringify(text)})`),
    index: (catalog) => call(`loadout.index(${JSON.stringify(catalog)})`),
    save: () => evaluate(context, 'loadout.save()').consume((handle) => context.getArrayBuffer(handle).consume((bytes) => bytes.value.slice())),
    restore(catalog, saved) {
      const buffer = context.newArrayBuffer(saved.slice().buffer);
      context.setProp(context.global, 'incoming', buffer);
      buffer.dispose();
      return call(`loadout.restore(${JSON.stringify(catalog)}, incoming)`);
    },
    search: (query, limit) => call(`loadout.search(${JSON.stringify(query)}, ${limit})`),
    count: (encoding, text) => call(`loadout.count(${JSON.stringify(encoding)}, ${JSON.stringify(text)})`),
    dispose() {
      context.dispose();
      runtime.dispose();
    },
  };
}
