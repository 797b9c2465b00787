import { createLoadoutError, describeValue } from '@loadout/core';

/** Every ranker `createRankerByName` builds, in report order. */
export const RANKER_NAMES = ['bm25f', 'wink-bm25', 'regex', 'static-embedding', 'hybrid'] as const;

/** A name from {@link RANKER_NAMES}. */
export type RankerName = (typeof RANKER_NAMES)[number];

/** The ranker used when none is named: BM25F. */
export const DEFAULT_RANKER_NAME: RankerName = 'bm25f';

/** The ranker names `createRankerByName` accepts, default first. */
export function listRankers(): readonly RankerName[] {
  return RANKER_NAMES;
}

/** True when `value` is one of {@link RANKER_NAMES}. */
export function isRankerName(value: unknown): value is RankerName {
  return typeof value === 'string' && (RANKER_NAMES as readonly string[]).includes(value);
}

/** Returns `value` as a ranker name or throws `unknown-ranker` naming it and listing the valid names. */
export function checkRankerName(value: unknown): RankerName {
  if (isRankerName(value)) return value;
  throw createLoadoutError(
    'unknown-ranker',
    `@loadout/eval: unknown ranker ${describeValue(value)}; valid names: ${RANKER_NAMES.join(', ')}`,
    { name: value, valid: [...RANKER_NAMES] },
  );
}
