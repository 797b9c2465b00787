import { unicodeClass } from '@loadout/core/utils';
import type { ToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import type { Dictionary } from './dictionary.js';
import type { Postings } from './postings.js';

/** Shortest last word that is completed, in characters: one letter would match too much to mean anything. */
export const COMPLETE_MIN_LENGTH = 2;

/** Most indexed words one last word completes to: the ones in the most tools. */
export const MAX_COMPLETIONS = 16;

/** A query's last word: letters and digits up to its end (core's committed table, not `\p{…}`, which SpiderMonkey in the wasm component lacks). */
const LAST_WORD = new RegExp(`[${unicodeClass('upper', 'lower', 'title', 'otherLetter', 'number')}]+$`, 'u');

/** The letters and digits at the end of `query`, lower case, when it ends in a word of at least 2 characters (not in white space or punctuation). */
export function lastWordOf(query: string): string | undefined {
  const word = LAST_WORD.exec(query)?.[0]?.toLowerCase();
  return word !== undefined && word.length >= COMPLETE_MIN_LENGTH ? word : undefined;
}

/**
 * The vocabulary a last word completes to, sorted for binary search: the ids
 * of the terms with postings, in code unit order of their text. Built once
 * per {@link Postings}.
 */
export interface SortedVocabulary {
  readonly postings: Postings;
  readonly ids: Int32Array;
}

export function sortVocabulary(dictionary: Dictionary, postings: Postings): SortedVocabulary {
  const { terms } = dictionary;
  const { termStart } = postings;
  const texts: string[] = [];
  for (let term = 0; term < postings.termCount; term++) if (termStart[term] !== termStart[term + 1]) texts.push(terms[term]!);
  // The default sort compares code units, as `<` does, and natively: faster than a comparator over ids.
  texts.sort();
  const ids = new Int32Array(texts.length);
  for (let index = 0; index < texts.length; index++) ids[index] = dictionary.ids.get(texts[index]!)!;
  return { postings, ids };
}

/**
 * Writes into `out` the terms that start with `word` and are longer than it,
 * at most `out.length`, those in the most tools first (ties in text order),
 * never a stopword of `analyzer` (`the`, `this`: in most tools, they would
 * crowd out the words the user is typing); returns how many. A binary search
 * finds the first, so the cost is the words sharing the prefix, not the
 * vocabulary.
 */
export function completeWord(word: string, dictionary: Dictionary, vocabulary: SortedVocabulary, analyzer: ToolAnalyzer, out: Int32Array): number {
  const { terms } = dictionary;
  const { ids, postings } = vocabulary;
  const { termStart } = postings;
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[ids[middle]!]! < word) low = middle + 1;
    else high = middle;
  }
  let count = 0;
  for (let index = low; index < ids.length; index++) {
    const term = ids[index]!;
    const text = terms[term]!;
    if (!text.startsWith(word)) break;
    if (text.length === word.length) continue;
    const df = termStart[term + 1]! - termStart[term]!;
    if (count === out.length && termStart[out[count - 1]! + 1]! - termStart[out[count - 1]!]! >= df) continue;
    // Only a word that would be kept is analysed.
    if (analyzer.analyzeQuery(text).length === 0) continue;
    // Insertion into the best `out.length` by document frequency; a later term of equal frequency stays after.
    let at = count < out.length ? count++ : out.length;
    while (at > 0 && termStart[out[at - 1]! + 1]! - termStart[out[at - 1]!]! < df) {
      if (at < out.length) out[at] = out[at - 1]!;
      at--;
    }
    if (at < out.length) out[at] = term;
  }
  return count;
}
