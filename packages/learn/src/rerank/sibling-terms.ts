import type { CatalogTool } from '@loadout/core';
import { TOOL_FIELDS } from '@loadout/bm25';
import { FIELD_COUNT } from '@loadout/bm25/first-stage';
import type { Postings } from '@loadout/bm25/first-stage';
import type { DocTerms } from './doc-terms.js';
import type { NameTerms } from './name-terms.js';

const SERVER_FIELD = TOOL_FIELDS.indexOf('server');

/**
 * What tells a tool from its server siblings, per document of one index:
 * `server[d]`, a small integer per distinct server (tools without one each
 * get their own), and the tool's own name terms, those of its name field
 * that its server field does not hold (`Pet Store::getUserByName` owns
 * `getuserbyname`, `get`, `user`, `by`, `name`, not `pet`, `store`):
 * document `d` owns `terms[start[d] .. start[d + 1])` (ascending), `word[i]`
 * 0 for a compound (see `NameTerms`).
 */
export interface SiblingTerms {
  readonly postings: Postings;
  readonly server: Int32Array;
  readonly servers: number;
  readonly start: Int32Array;
  readonly terms: Int32Array;
  readonly word: Uint8Array;
}

/** Builds {@link SiblingTerms} from an index's name terms and forward index (one pass over each document's terms). */
export function buildSiblingTerms(tools: readonly CatalogTool[], names: NameTerms, docTerms: DocTerms): SiblingTerms {
  const { postings } = docTerms;
  const docCount = postings.docCount;
  const server = new Int32Array(docCount);
  const ids = new Map<string, number>();
  let servers = 0;
  for (let doc = 0; doc < docCount; doc++) {
    const name = tools[doc]?.server ?? null;
    if (name === null || name === '') {
      server[doc] = servers++;
      continue;
    }
    let id = ids.get(name);
    if (id === undefined) ids.set(name, (id = servers++));
    server[doc] = id;
  }
  const start = new Int32Array(docCount + 1);
  const terms = new Int32Array(names.terms.length);
  const word = new Uint8Array(names.terms.length);
  let out = 0;
  for (let doc = 0; doc < docCount; doc++) {
    start[doc] = out;
    // Both lists ascend by term id: walk them together to find each name term's posting.
    let at = docTerms.start[doc]!;
    const end = docTerms.start[doc + 1]!;
    for (let name = names.start[doc]!, last = names.start[doc + 1]!; name < last; name++) {
      const term = names.terms[name]!;
      while (at < end && docTerms.terms[at]! < term) at++;
      if (at < end && docTerms.terms[at] === term && postings.tfs[docTerms.postingOf[at]! * FIELD_COUNT + SERVER_FIELD]! > 0) continue;
      terms[out] = term;
      word[out++] = names.word[name]!;
    }
  }
  start[docCount] = out;
  return { postings, server, servers, start, terms: terms.slice(0, out), word: word.slice(0, out) };
}
