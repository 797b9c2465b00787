import { fnv1a32 } from '@loadout/core/utils';

/** 32-bit FNV-1a of the UTF-16 code units of strings, each followed by a 0 unit: the tool-names check of a saved index. */
export function fnv1aStrings(values: Iterable<string>): number {
  let hash = fnv1a32('');
  for (const value of values) hash = fnv1a32(`${value}\u0000`, hash);
  return hash;
}
