import type { TiktokenBPE } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import o200kBase from 'js-tiktoken/ranks/o200k_base';

/** The tiktoken encodings this package ships (both offline, from js-tiktoken's rank files). */
export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

/**
 * The encoding used when none is named: `cl100k_base`. It loads in about half
 * the time and memory of `o200k_base` (1.1 MB of ranks against 2.3 MB) and
 * counts tool definitions within about 1% of it.
 */
export const DEFAULT_TIKTOKEN_ENCODING: TiktokenEncodingName = 'cl100k_base';

/** Rank files by encoding name. */
export const TIKTOKEN_RANKS: Readonly<Record<TiktokenEncodingName, TiktokenBPE>> = {
  cl100k_base: cl100kBase,
  o200k_base: o200kBase,
};

/** True for a name in {@link TIKTOKEN_RANKS}. */
export function isTiktokenEncodingName(value: unknown): value is TiktokenEncodingName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TIKTOKEN_RANKS, value);
}
