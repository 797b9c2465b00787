import type { Dictionary } from '../bm25f/dictionary.js';
import { FIELD_COUNT } from '../bm25f/postings.js';
import type { Postings } from '../bm25f/postings.js';

/**
 * Each document's distinct name-field terms: document `d` owns `terms[start[d] ..
 * start[d + 1])`; `word[i]` is 0 for a compound (a term spelled as other
 * name terms of the document run together, as `sendemail` in `send_email`).
 */
export interface NameTerms {
  readonly postings: Postings;
  readonly start: Int32Array;
  readonly terms: Int32Array;
  readonly word: Uint8Array;
}

/** True when `text` is two or more of `parts` run together. */
function isCompound(text: string, parts: readonly string[], from = 0, pieces = 0): boolean {
  if (from === text.length) return pieces >= 2;
  for (const part of parts) {
    if (part.length > 0 && part.length < text.length && text.startsWith(part, from) && isCompound(text, parts, from + part.length, pieces + 1)) return true;
  }
  return false;
}

/** Inverts the name field of `postings` (one pass over every posting) and marks compounds. */
export function buildNameTerms(postings: Postings, dictionary: Dictionary): NameTerms {
  const { docCount, termCount, termStart, docs, tfs } = postings;
  const start = new Int32Array(docCount + 1);
  for (let posting = 0; posting < docs.length; posting++) if (tfs[posting * FIELD_COUNT]! > 0) start[docs[posting]! + 1]!++;
  for (let doc = 0; doc < docCount; doc++) start[doc + 1]! += start[doc]!;
  const fill = start.slice(0, docCount);
  const terms = new Int32Array(start[docCount]!);
  for (let term = 0; term < termCount; term++) {
    for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
      if (tfs[posting * FIELD_COUNT]! > 0) terms[fill[docs[posting]!]!++] = term;
    }
  }
  const word = new Uint8Array(terms.length).fill(1);
  for (let doc = 0; doc < docCount; doc++) {
    const from = start[doc]!;
    const to = start[doc + 1]!;
    if (to - from < 3) continue;
    const texts = Array.from(terms.subarray(from, to), (term) => dictionary.terms[term] ?? '');
    for (let at = from; at < to; at++) if (isCompound(texts[at - from]!, texts)) word[at] = 0;
  }
  return { postings, start, terms, word };
}
