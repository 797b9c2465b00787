import { createLoadoutError, describeValue, planToolLoading } from '@loadout/core';
import type { Embedder, PolicyInput, TokenCounter } from '@loadout/core';
import { fnv1a64, integerOption } from '@loadout/core/utils';
import type { WordVectorTable } from '@loadout/embeddings/browser';
import { readCatalogInput } from '../catalog/read-catalog-input.js';
import type { LoadedCatalog } from '../catalog/catalog-input.js';
import { createIndexedDbIndexStore } from '../persistence/indexeddb-index-store.js';
import { withPreloadedIndex } from '../persistence/preloaded-index-store.js';
import { decodePrebuiltIndex } from '../prebuilt/prebuilt-index-codec.js';
import type { IndexStore } from '../persistence/index-store.js';
import type { RankerBuildContext } from '../rankers/build-context.js';
import { createEngineRegistry } from '../rankers/engine-registry.js';
import type { EngineRankerHost } from '../rankers/engine-rankers.js';
import { abortable, cancelledError, throwIfCancelled } from '../shared/cancelled.js';
import { transformersModelId } from '../transformers/transformers-model-id.js';
import type { WasmTransformersEmbedder } from '../transformers/wasm-transformers-embedder.js';
import { TRANSFORMERS_OPT_IN } from '../transformers/transformers-library.js';
import type { WasmPaths } from '../transformers/transformers-library.js';
import { createCatalogState } from './catalog-state.js';
import type { CatalogState } from './catalog-state.js';
import type { EngineOptions, TokenizerName } from './engine-options.js';
import type { EngineSearchResult, LoadoutEngine, RankerAvailability, RankerStatus } from './engine-types.js';
import { findUnavailableRankers } from './ranker-availability.js';
import { loadTokenCounter } from './load-token-counter.js';
import { readEngineConfig } from './read-engine-config.js';
import { readPlanInput } from './read-plan-input.js';
import { SEARCH_LIMIT_RANGE } from './search-limits.js';

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

function defaultStore(options: EngineOptions): IndexStore | undefined {
  if (options.indexStore !== undefined) return options.indexStore ?? undefined;
  if (options.persistIndexes === false || (globalThis as { indexedDB?: unknown }).indexedDB === undefined) return undefined;
  return createIndexedDbIndexStore(options.indexDatabaseName === undefined ? {} : { databaseName: options.indexDatabaseName });
}

function summary(state: CatalogState): LoadedCatalog {
  const { catalog, hash } = state.read;
  return { hash, tools: catalog.tools, servers: catalog.servers, issues: catalog.issues };
}

/**
 * Creates an engine that runs in this realm (the page, or inside a worker):
 * catalog in, plans and searches out, indexes built lazily per ranker and
 * persisted by catalog hash. See {@link LoadoutEngine}. Throws
 * `invalid-option` for malformed options.
 */
export function createEngine(options: EngineOptions = {}): LoadoutEngine {
  const tokenizer = readEngineConfig(options);
  const store = defaultStore(options);
  const lifetime = new AbortController();
  const writes = new Set<Promise<void>>();
  let state: CatalogState | undefined;
  /** Token counters by name, each loaded on first use and shared by every plan. */
  const counters = new Map<TokenizerName, Promise<TokenCounter>>();
  const counterFor = (name: TokenizerName): Promise<TokenCounter> => {
    const known = counters.get(name);
    if (known !== undefined) return known;
    const loading = loadTokenCounter(name);
    counters.set(name, loading);
    loading.catch(() => {
      if (counters.get(name) === loading) counters.delete(name);
    });
    return loading;
  };
  let table: Promise<WordVectorTable> | undefined;
  let transformers: WasmTransformersEmbedder | undefined;

  const persist: RankerBuildContext['persist'] = (key, blob) => {
    if (store === undefined) return;
    const write = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(async () => {
        if (lifetime.signal.aborted) return;
        const bytes = await blob();
        if (bytes !== undefined) await store.put(key, bytes);
      })
      .catch(() => undefined);
    writes.add(write);
    void write.then(() => writes.delete(write));
  };

  const staticTable = (): Promise<WordVectorTable> => {
    const url = options.staticTableUrl;
    if (url === undefined) {
      return Promise.reject(
        createLoadoutError('invalid-option', '@loadout/browser: the static-embedding and hybrid rankers need staticTableUrl (where glove-sg-100d-50k.ldwv is served)', {
          option: 'staticTableUrl',
        }),
      );
    }
    table ??= import('../static-table/fetch-static-table.js').then(({ fetchStaticTable }) =>
      fetchStaticTable({
        url,
        ...(options.staticTableCacheName === undefined ? {} : { cacheName: options.staticTableCacheName }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      }),
    );
    table.catch(() => {
      table = undefined;
    });
    return table;
  };

  const transformersEmbedder = async (): Promise<Embedder> => {
    // Without the library, what rankers() says, not a complaint about the URLs a user never had reason to set.
    if (options.loadTransformers === undefined) {
      throw createLoadoutError('unsupported-environment', `@loadout/browser: transformers.js is not part of this engine: ${TRANSFORMERS_OPT_IN}`, { ranker: 'transformers' });
    }
    const { createWasmTransformersEmbedder } = await import('../transformers/wasm-transformers-embedder.js');
    transformers ??= createWasmTransformersEmbedder({
      modelBaseUrl: options.modelBaseUrl as string,
      wasmPaths: options.wasmPaths as WasmPaths,
      ...(options.transformersModel === undefined ? {} : { model: options.transformersModel }),
      ...(options.transformersQuantized === undefined ? {} : { quantized: options.transformersQuantized }),
      ...(options.loadTransformers === undefined ? {} : { loadLibrary: options.loadTransformers }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    return transformers;
  };

  const host: EngineRankerHost = {
    staticTable,
    staticTableVersion: options.staticTableUrl === undefined ? 'none' : fnv1a64(options.staticTableUrl),
    staticComponents: options.staticComponents,
    transformersEmbedder,
    transformersModelId: transformersModelId(options.transformersModel, options.transformersQuantized),
    completeLastWord: options.completeLastWord === true,
  };
  const registry = createEngineRegistry(host, options.rankers);
  let availability: Promise<readonly RankerAvailability[]> | undefined;
  const context: Omit<RankerBuildContext, 'catalogHash' | 'tools'> = { store, persist, completeLastWord: options.completeLastWord === true };

  const alive = (what: string): void => {
    if (lifetime.signal.aborted) throw cancelledError(what, 'disposed');
  };
  const loaded = (what: string): CatalogState => {
    alive(what);
    if (state === undefined) {
      throw createLoadoutError('invalid-input', `@loadout/browser: ${what} needs a catalog: call loadCatalog() first`);
    }
    return state;
  };

  return {
    async loadCatalog(input, loadOptions) {
      alive('loadCatalog');
      const prebuilt = input instanceof Uint8Array ? decodePrebuiltIndex(input) : undefined;
      const read = readCatalogInput(prebuilt === undefined ? input : prebuilt.catalog, prebuilt === undefined ? loadOptions : { ...loadOptions, format: 'json' });
      if (state === undefined || state.read.hash !== read.hash) {
        state?.controller.abort('catalog-replaced');
        const key = prebuilt === undefined ? undefined : { catalogHash: read.hash, ranker: prebuilt.ranker, version: prebuilt.format };
        state = createCatalogState(read, key === undefined ? context : { ...context, store: withPreloadedIndex(context.store, key, prebuilt!.index) }, registry);
      }
      return summary(state);
    },

    async plan(input, planOptions = {}) {
      alive('plan');
      const checked = readPlanInput(input);
      const current = state;
      const tokenCounter = await counterFor(planOptions.tokenizer === undefined ? tokenizer : readEngineConfig({ tokenizer: planOptions.tokenizer }));
      const policyInput = {
        ...checked,
        tools: current?.read.toolInputs ?? [],
        servers: current?.read.servers ?? {},
      } as PolicyInput;
      const plan = planToolLoading(policyInput, {
        tokenCounter,
        ...(current === undefined ? {} : { cache: current.planCache }),
        ...(planOptions.mods === undefined ? {} : { mods: planOptions.mods }),
      });
      return { ...plan, catalogHash: current?.read.hash ?? null };
    },

    async search(query, searchOptions = {}): Promise<EngineSearchResult> {
      const what = `search ${describeValue(query)}`;
      const limit = integerOption('@loadout/browser: search', 'limit', searchOptions.limit, undefined, SEARCH_LIMIT_RANGE.min, SEARCH_LIMIT_RANGE.max);
      const current = loaded(what);
      const name = registry.ranker(searchOptions.ranker ?? registry.defaultRanker).name;
      const signals = [searchOptions.signal, current.controller.signal, lifetime.signal];
      throwIfCancelled(what, signals);
      const started = now();
      const ready = current.rankers.peek(name) ?? (await abortable(current.rankers.get(name), what, signals));
      throwIfCancelled(what, signals);
      const answer = ready.ranker.search(query, {
        ...(limit === undefined ? {} : { limit }),
        ...(searchOptions.explain === undefined ? {} : { explain: searchOptions.explain }),
      });
      const hits = isPromise(answer) ? await abortable(answer, what, signals) : answer;
      return { hits, ranker: name, catalogHash: current.read.hash, indexSource: ready.source, elapsedMs: now() - started };
    },

    async prepare(ranker, prepareOptions = {}): Promise<RankerStatus> {
      const what = `prepare ${describeValue(ranker)}`;
      const current = loaded(what);
      const name = registry.ranker(ranker).name;
      const signals = [prepareOptions.signal, current.controller.signal, lifetime.signal];
      throwIfCancelled(what, signals);
      const ready = await abortable(current.rankers.get(name), what, signals);
      return { ranker: name, catalogHash: current.read.hash, indexSource: ready.source, buildMs: ready.buildMs, size: ready.ranker.size };
    },

    rankers() {
      alive('rankers');
      availability ??= findUnavailableRankers(options).then((reasons) =>
        registry.rankers.map((definition) => {
          const reason = reasons.get(definition.name);
          return {
            name: definition.name,
            description: definition.description ?? '',
            queryKind: definition.queryKind,
            available: reason === undefined,
            ...(reason === undefined ? {} : { reason }),
          };
        }),
      );
      return availability;
    },
    async flush() {
      while (writes.size > 0) await Promise.all([...writes]);
    },

    dispose() {
      if (lifetime.signal.aborted) return;
      lifetime.abort('disposed');
      state?.controller.abort('disposed');
      void transformers?.dispose().catch(() => undefined);
      if (options.indexStore === undefined) (store as { close?: () => void } | undefined)?.close?.();
    },
  };
}
