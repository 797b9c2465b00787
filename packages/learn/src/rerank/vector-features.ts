import { createLoadoutError, describeValue } from '@loadout/core';
import { dot } from '@loadout/core/utils';
import type { CatalogTool, SyncTextVectors } from '@loadout/core';
import type { FirstStageCandidates } from '@loadout/bm25/first-stage';
import { RERANK_FEATURES, ROW_WIDTH } from './rerank-features.js';

/** Column of `vector.query`; `vector.clause` and `vector.queryVsBest` follow. */
const VECTOR = RERANK_FEATURES.length;

/** Per word vectors, the catalog they were last fitted to and its tool vectors (they embed text in the space of their last catalog). */
const fitted = new WeakMap<SyncTextVectors, { tools: readonly CatalogTool[]; embedded: Float32Array }>();

/** `tools`' vectors, embedded (and the shape returned checked) when `vectors` were last fitted to another catalog. */
function toolVectors(vectors: SyncTextVectors, tools: readonly CatalogTool[]): Float32Array {
  const last = fitted.get(vectors);
  if (last?.tools === tools) return last.embedded;
  const embedded = vectors.embedTools(tools);
  if (!(embedded instanceof Float32Array) || embedded.length !== tools.length * vectors.dimensions) {
    throw createLoadoutError('invalid-option', `@loadout/learn rerank: vectors.embedTools must return ${tools.length} × ${vectors.dimensions} numbers (got ${describeValue(embedded)})`, {
      option: 'vectors',
    });
  }
  fitted.set(vectors, { tools, embedded });
  return embedded;
}

/** Fills the `VECTOR_FEATURES` (see there) of `found`'s extracted rows (`ROW_WIDTH` each) among `tools`; a query of one clause is its own best clause. */
export function fillVectorFeatures(rows: Float64Array, found: FirstStageCandidates, vectors: SyncTextVectors, tools: readonly CatalogTool[]): void {
  const { dimensions } = vectors;
  const catalog = toolVectors(vectors, tools);
  const { count, docs } = found;
  const query = vectors.embedText(found.query);
  const clauses = found.clauseCount >= 2 ? found.clauseTexts().map((text) => vectors.embedText(text)) : [];
  let best = -Infinity;
  for (let candidate = 0; candidate < count; candidate++) {
    const row = candidate * ROW_WIDTH + VECTOR;
    const offset = docs[candidate]! * dimensions;
    const cosine = dot(query, catalog, dimensions, offset);
    let clause = clauses.length === 0 ? cosine : -Infinity;
    for (const vector of clauses) clause = Math.max(clause, dot(vector, catalog, dimensions, offset));
    rows[row] = cosine;
    rows[row + 1] = clause;
    if (cosine > best) best = cosine;
  }
  for (let candidate = 0; candidate < count; candidate++) rows[candidate * ROW_WIDTH + VECTOR + 2] = rows[candidate * ROW_WIDTH + VECTOR]! - best;
}
