import type { FirstStage } from '@loadout/bm25/first-stage';
import type { Postings } from '@loadout/bm25/first-stage';
import { nameForm } from './name-form.js';

/**
 * A deployment's past searches, read off a BM25F index's usage field (one
 * past query per line, as `createUsageField` writes it): each distinct line
 * (case and runs of white space aside) is a search, the tools whose field
 * holds it are what it called. Searches
 * are tf-idf vectors over the index's term ids (idf over the searches,
 * L2-normalised), stored by term: term `t` owns `searches[termStart[t] ..
 * termStart[t + 1])` with `weights` alike. Search `s` called tools of the
 * name forms `forms[formStart[s] .. formStart[s + 1])` (distinct);
 * `docForm[d]` is document `d`'s {@link nameForm}.
 */
export interface PastSearches {
  /** The postings they were read with: rebuilt when the index changes. */
  readonly postings: Postings;
  readonly count: number;
  readonly termStart: Int32Array;
  readonly searches: Int32Array;
  readonly weights: Float64Array;
  /** Per term: its idf over the searches (0 in none). */
  readonly idf: Float64Array;
  readonly formStart: Int32Array;
  readonly forms: Uint8Array;
  readonly docForm: Uint8Array;
}

/**
 * Reads the past searches of `index`'s usage field (none without one): one
 * pass over every tool's usage text (`settings.usage`, read again, so the
 * extractor rebuilds this whenever the index changes).
 */
export function buildPastSearches(index: FirstStage): PastSearches {
  const { tools, postings, dictionary, settings } = index;
  const termCount = postings.termCount;
  const docForm = new Uint8Array(postings.docCount);
  const byLine = new Map<string, number>();
  const lines: string[] = [];
  const called: number[][] = [];
  for (let doc = 0; doc < postings.docCount; doc++) {
    const tool = tools[doc]!;
    docForm[doc] = nameForm(tool);
    const text = settings.usage?.(tool);
    if (text === undefined || text.length === 0) continue;
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line.length === 0) continue;
      const key = line.toLowerCase().replace(/\s+/g, ' ');
      let search = byLine.get(key);
      if (search === undefined) {
        byLine.set(key, (search = lines.length));
        lines.push(line);
        called.push([]);
      }
      called[search]!.push(doc);
    }
  }
  // Each search's term frequencies, then idf over the searches.
  const count = lines.length;
  const bags = lines.map((line) => {
    const bag = new Map<number, number>();
    for (const token of settings.analyzer.analyzeQuery(line)) {
      const term = dictionary.ids.get(token);
      if (term !== undefined && term < termCount) bag.set(term, (bag.get(term) ?? 0) + 1);
    }
    return bag;
  });
  const frequency = new Int32Array(termCount);
  for (const bag of bags) for (const term of bag.keys()) frequency[term]!++;
  const idf = new Float64Array(termCount);
  for (let term = 0; term < termCount; term++) if (frequency[term]! > 0) idf[term] = Math.log(1 + count / frequency[term]!);
  const termStart = new Int32Array(termCount + 1);
  for (let term = 0; term < termCount; term++) termStart[term + 1] = termStart[term]! + frequency[term]!;
  const fill = termStart.slice(0, termCount);
  const searches = new Int32Array(termStart[termCount]!);
  const weights = new Float64Array(searches.length);
  bags.forEach((bag, search) => {
    let norm = 0;
    for (const [term, tf] of bag) norm += ((1 + Math.log(tf)) * idf[term]!) ** 2;
    const inverse = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const [term, tf] of bag) {
      const at = fill[term]!++;
      searches[at] = search;
      weights[at] = (1 + Math.log(tf)) * idf[term]! * inverse;
    }
  });
  const formStart = new Int32Array(count + 1);
  const forms: number[] = [];
  for (let search = 0; search < count; search++) {
    for (const form of new Set(called[search]!.map((doc) => docForm[doc]!))) forms.push(form);
    formStart[search + 1] = forms.length;
  }
  return { postings, count, termStart, searches, weights, idf, formStart, forms: Uint8Array.from(forms), docForm };
}
