import { createLoadoutError, describeValue } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import { createRegistry, didYouMean } from '@loadout/core/plugins';

/**
 * The rankers an engine offers:
 * - `bm25f`: BM25F over typed arrays (`@loadout/bm25`); persisted.
 * - `static-embedding`: GloVe word vectors with SIF weighting (the compact table fetched from `staticTableUrl`); vectors persisted.
 * - `hybrid`: BM25F candidates re-scored with the static embedding (0.75 / 0.25).
 * - `transformers`: a transformers.js sentence model on the WASM backend, from local files; vectors persisted.
 * A page adds its own with `EngineOptions.rankers`.
 */
export const RANKER_NAMES = ['bm25f', 'static-embedding', 'hybrid', 'transformers'] as const;

/** A built-in ranker name from {@link RANKER_NAMES}. */
export type RankerName = (typeof RANKER_NAMES)[number];

/**
 * The page's own ranker definitions by name, checked: valid definitions
 * (`ranker-invalid`), unique names that are not built-ins
 * (`plugin-duplicate`), and browser-safe (`unsupported-environment` for a
 * definition that does not declare `capabilities.browserSafe: true`).
 */
export function readCustomRankers(definitions: readonly RankerDefinition[] = []): ReadonlyMap<string, RankerDefinition> {
  const registry = createRegistry({ rankers: definitions });
  const custom = new Map<string, RankerDefinition>();
  for (const definition of registry.rankers) {
    if ((RANKER_NAMES as readonly string[]).includes(definition.name)) {
      throw createLoadoutError('plugin-duplicate', `@loadout/browser: ranker ${JSON.stringify(definition.name)} is a built-in; pick another name`, { name: definition.name });
    }
    if (definition.capabilities?.browserSafe !== true) {
      throw createLoadoutError(
        'unsupported-environment',
        `@loadout/browser: ranker ${JSON.stringify(definition.name)} does not declare capabilities.browserSafe: true, so it may need Node`,
        { name: definition.name },
      );
    }
    custom.set(definition.name, definition);
  }
  return custom;
}

/** Checks a ranker name against the built-ins and the page's own; throws `unknown-ranker` with the nearest and the valid ones. */
export function readRankerName(value: unknown, custom: ReadonlyMap<string, RankerDefinition> = new Map()): string {
  if ((RANKER_NAMES as readonly unknown[]).includes(value) || (typeof value === 'string' && custom.has(value))) return value as string;
  const known = [...RANKER_NAMES, ...custom.keys()];
  throw createLoadoutError('unknown-ranker', `@loadout/browser: unknown ranker ${describeValue(value)}${didYouMean(value, known)}; expected one of ${known.join(', ')}`, {
    ranker: value,
    known,
  });
}
