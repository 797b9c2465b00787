import { splitIdentifiers } from '@loadout/core/utils';
import type { SplitIdentifiersOptions } from '@loadout/core/utils';

const wordOptions: SplitIdentifiersOptions = { keepCompounds: false, splitDigits: false, maxCompoundLength: 0 };

/**
 * Splits text into lower-case word tokens the way identifiers are read:
 * core's `splitIdentifiers` keeping digits with their letters (`getV2Data`
 * → `get`, `v2`, `data`) and without compounds. camelCase and PascalCase
 * boundaries (`HTTPServer` → `http`, `server`) and every character that is
 * not a letter or digit (`_ - . / ::`, spaces, punctuation) separate tokens. Pure.
 */
export function tokenizeIdentifiers(text: string): string[] {
  return splitIdentifiers(text, wordOptions);
}
