import type { RankerUsageField } from '@loadout/core';
import type { Bm25RankerOptions } from '../bm25f/bm25-options.js';

/**
 * `options` with a learned usage field: its text as the `usage` field, at
 * its weight (a field's `model` is a re-ranker's, not BM25F's). Learning fits
 * and rankers search through this one function, so a learned model is
 * fitted over the first stage it re-ranks.
 */
export function withUsageField(options: Bm25RankerOptions | undefined, usage: Pick<RankerUsageField, 'text' | 'weight'>): Bm25RankerOptions {
  return { ...options, fieldWeights: { ...options?.fieldWeights, usage: usage.weight }, usage: usage.text };
}
