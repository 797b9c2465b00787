import { FIELD_COUNT } from './postings.js';
import type { AnalysedDocument, Postings } from './postings.js';

/** Where document `i` of the new postings comes from: an id in the old postings, or a freshly analysed tool. */
export type DocumentSource = number | AnalysedDocument;

function sortSegment(docs: Int32Array, tfs: Uint16Array, from: number, to: number): void {
  const carried = new Uint16Array(FIELD_COUNT);
  for (let index = from + 1; index < to; index++) {
    const doc = docs[index]!;
    for (let field = 0; field < FIELD_COUNT; field++) carried[field] = tfs[index * FIELD_COUNT + field]!;
    let at = index - 1;
    while (at >= from && docs[at]! > doc) {
      docs[at + 1] = docs[at]!;
      tfs.copyWithin((at + 1) * FIELD_COUNT, at * FIELD_COUNT, (at + 1) * FIELD_COUNT);
      at--;
    }
    docs[at + 1] = doc;
    tfs.set(carried, (at + 1) * FIELD_COUNT);
  }
}

/**
 * Builds postings for a new document list in O(postings): old documents
 * keep their postings (renumbered, dropped when absent), analysed documents
 * are merged in, and terms that no document uses any more end up with empty
 * ranges. `termCount` is the dictionary size, at least `old.termCount`.
 */
export function rebuildPostings(old: Postings, sources: readonly DocumentSource[], termCount: number): Postings {
  const docCount = sources.length;
  const oldToNew = new Int32Array(old.docCount).fill(-1);
  const counts = new Int32Array(termCount);
  for (let doc = 0; doc < docCount; doc++) {
    const source = sources[doc]!;
    if (typeof source === 'number') oldToNew[source] = doc;
    else for (const term of source.terms) counts[term]!++;
  }
  const oldStart = old.termStart;
  for (let term = 0; term < old.termCount; term++) {
    for (let posting = oldStart[term]!, end = oldStart[term + 1]!; posting < end; posting++) {
      if (oldToNew[old.docs[posting]!]! >= 0) counts[term]!++;
    }
  }
  const termStart = new Int32Array(termCount + 1);
  for (let term = 0; term < termCount; term++) termStart[term + 1] = termStart[term]! + counts[term]!;
  const total = termStart[termCount]!;
  const docs = new Int32Array(total);
  const tfs = new Uint16Array(total * FIELD_COUNT);
  const cursor = termStart.slice(0, termCount);
  for (let term = 0; term < old.termCount; term++) {
    for (let posting = oldStart[term]!, end = oldStart[term + 1]!; posting < end; posting++) {
      const doc = oldToNew[old.docs[posting]!]!;
      if (doc < 0) continue;
      const at = cursor[term]!++;
      docs[at] = doc;
      tfs.set(old.tfs.subarray(posting * FIELD_COUNT, (posting + 1) * FIELD_COUNT), at * FIELD_COUNT);
    }
  }
  const unsorted = new Uint8Array(termCount);
  const fieldLengths = new Int32Array(docCount * FIELD_COUNT);
  for (let doc = 0; doc < docCount; doc++) {
    const source = sources[doc]!;
    if (typeof source === 'number') {
      fieldLengths.set(old.fieldLengths.subarray(source * FIELD_COUNT, (source + 1) * FIELD_COUNT), doc * FIELD_COUNT);
      continue;
    }
    fieldLengths.set(source.lengths, doc * FIELD_COUNT);
    const terms = source.terms;
    for (let index = 0; index < terms.length; index++) {
      const term = terms[index]!;
      const at = cursor[term]!++;
      if (at > termStart[term]! && docs[at - 1]! > doc) unsorted[term] = 1;
      docs[at] = doc;
      tfs.set(source.tfs.subarray(index * FIELD_COUNT, (index + 1) * FIELD_COUNT), at * FIELD_COUNT);
    }
  }
  for (let term = 0; term < termCount; term++) {
    if (unsorted[term] === 1) sortSegment(docs, tfs, termStart[term]!, termStart[term + 1]!);
  }
  return { docCount, termCount, termStart, docs, tfs, fieldLengths };
}
