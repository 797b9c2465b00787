import { createDictionary } from './dictionary.js';
import type { Dictionary } from './dictionary.js';
import type { Postings } from './postings.js';

/** Terms no document uses; dictionaries are compacted when these exceed half the terms. */
export function countDeadTerms(postings: Postings): number {
  let dead = 0;
  for (let term = 0; term < postings.termCount; term++) if (postings.termStart[term] === postings.termStart[term + 1]) dead++;
  return dead;
}

/** Drops terms with no postings; term ids are renumbered, posting arrays are shared. */
export function compactDictionary(postings: Postings, dictionary: Dictionary): { postings: Postings; dictionary: Dictionary } {
  const terms: string[] = [];
  const starts: number[] = [0];
  for (let term = 0; term < postings.termCount; term++) {
    const end = postings.termStart[term + 1]!;
    if (postings.termStart[term] === end) continue;
    terms.push(dictionary.terms[term]!);
    starts.push(end);
  }
  return {
    postings: { ...postings, termCount: terms.length, termStart: Int32Array.from(starts) },
    dictionary: createDictionary(terms),
  };
}
