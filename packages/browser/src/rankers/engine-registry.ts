import { createLoadoutError } from '@loadout/core';
import type { RankerDefinition, Registry } from '@loadout/core';
import { createBrowserSafeRegistry } from '@loadout/rankers/browser';
import { createEngineRankers } from './engine-rankers.js';
import type { EngineRankerHost } from './engine-rankers.js';

/**
 * The rankers an engine offers, through core's registry: Loadout's
 * browser-safe built-ins (`BROWSER_SAFE_RANKERS`: `bm25f`, the default, `wink-bm25`, `regex`, `rerank`), the
 * engine's embedding rankers (`static-embedding`, `hybrid`, `transformers`)
 * and the page's own `definitions`, in that order. Throws `ranker-invalid`
 * for a malformed definition, `plugin-duplicate` for a name already taken,
 * and `unsupported-environment` for one that does not declare
 * `capabilities.browserSafe: true`.
 */
export function createEngineRegistry(host: EngineRankerHost, definitions: readonly RankerDefinition[] = []): Registry {
  return createBrowserSafeRegistry({ rankers: [...createEngineRankers(host), ...definitions] }, '@loadout/browser');
}

/** What a page shows of one of an engine's rankers. */
export interface EngineRankerSummary {
  readonly name: string;
  /** One line from its definition; empty when it has none. */
  readonly description: string;
  readonly queryKind: RankerDefinition['queryKind'];
}

function unavailable(): never {
  throw createLoadoutError('invalid-input', '@loadout/browser: listEngineRankers only lists rankers; build them through createEngine');
}

const LISTING_HOST: EngineRankerHost = {
  staticTable: unavailable,
  staticTableVersion: 'none',
  staticComponents: undefined,
  transformersEmbedder: unavailable,
  transformersModelId: 'none',
  completeLastWord: false,
};

/**
 * The rankers an engine created with these page `definitions` offers, in
 * registry order (the default first): what a ranker picker lists. A worker
 * engine offers those of the worker's `createEngine` (the built-ins, for
 * `@loadout/browser/worker`). Throws as {@link createEngineRegistry}.
 */
export function listEngineRankers(definitions: readonly RankerDefinition[] = []): readonly EngineRankerSummary[] {
  return createEngineRegistry(LISTING_HOST, definitions).rankers.map((definition) => ({
    name: definition.name,
    description: definition.description ?? '',
    queryKind: definition.queryKind,
  }));
}
