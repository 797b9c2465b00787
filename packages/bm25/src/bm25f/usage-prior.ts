import type { CatalogTool } from '@loadout/core';

/** Candidates (best first by the query score) that the usage prior re-orders; tools below them never move up. */
export const PRIOR_CANDIDATES = 50;

/**
 * Each tool's usage prior in [0, 1]: `ln(1 + calls) / ln(1 + max calls)`
 * over the catalog, where `calls` is the tool's decayed call count (see
 * `UsageField.calls`); undefined when no tool has any calls.
 */
export function computeUsagePrior(tools: readonly CatalogTool[], calls: (tool: CatalogTool) => number): Float64Array | undefined {
  const prior = new Float64Array(tools.length);
  let max = 0;
  for (let doc = 0; doc < tools.length; doc++) {
    const value = calls(tools[doc]!);
    const count = Number.isFinite(value) && value > 0 ? value : 0;
    prior[doc] = Math.log1p(count);
    if (prior[doc]! > max) max = prior[doc]!;
  }
  if (max === 0) return undefined;
  for (let doc = 0; doc < tools.length; doc++) prior[doc] = prior[doc]! / max;
  return prior;
}

/**
 * Adds the usage prior to the first `count` candidates (`docs`/`scores`,
 * best first): each score becomes `score / best score + weight · prior`, so
 * the query score keeps its shape (the best candidate is 1) and usage only
 * reorders tools that already match the query. Re-sorts in place, best
 * first; equal scores keep their previous order.
 */
export function applyUsagePrior(docs: Int32Array, scores: Float64Array, count: number, prior: Float64Array, weight: number): void {
  if (count === 0) return;
  const top = scores[0]!;
  const scale = top > 0 ? 1 / top : 0;
  for (let index = 0; index < count; index++) scores[index] = scores[index]! * scale + weight * prior[docs[index]!]!;
  for (let index = 1; index < count; index++) {
    const doc = docs[index]!;
    const score = scores[index]!;
    let at = index;
    while (at > 0 && scores[at - 1]! < score) {
      docs[at] = docs[at - 1]!;
      scores[at] = scores[at - 1]!;
      at--;
    }
    docs[at] = doc;
    scores[at] = score;
  }
}
