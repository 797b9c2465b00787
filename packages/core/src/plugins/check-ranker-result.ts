import type { CatalogTool } from '../catalog/tool.js';
import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { SearchHit } from '../ranking/ranker.js';

/** What {@link checkRankerResult} checks a result against. */
export interface RankerResultExpectation {
  /** The ranker's name, for the message (`bm25f`, a plug-in's name). */
  readonly ranker: string;
  /** The indexed catalog's tools by `displayName` (a `Catalog`'s `byDisplayName` fits). */
  readonly tools: ReadonlyMap<string, CatalogTool>;
  /** The `limit` the search was asked for; a positive integer. */
  readonly limit: number;
  /** The `filter` the search was given, if any: every hit's tool must pass it. Default: none (not checked). */
  readonly filter?: (tool: CatalogTool) => boolean;
}

function invalid(ranker: string, problem: string, details: Record<string, unknown> = {}): never {
  throw createLoadoutError('ranker-invalid-result', `ranker ${JSON.stringify(ranker)} returned an invalid result: ${problem}`, { ranker, problem, ...details });
}

function hitProblem(hit: unknown, position: number, expected: RankerResultExpectation): { problem: string; tool?: CatalogTool } {
  const at = `hit ${position + 1}`;
  if (typeof hit !== 'object' || hit === null || Array.isArray(hit)) return { problem: `${at} is ${describeValue(hit)}, not {tool, score}` };
  const { tool, score } = hit as { tool?: unknown; score?: unknown };
  if (typeof score !== 'number' || !Number.isFinite(score)) return { problem: `${at} has score ${typeof score === 'number' ? String(score) : describeValue(score)}, not a finite number` };
  const displayName = typeof tool === 'object' && tool !== null ? (tool as { displayName?: unknown }).displayName : undefined;
  if (typeof displayName !== 'string') return { problem: `${at} has tool ${describeValue(tool)}, not a tool of the catalog (no displayName)` };
  const known = expected.tools.get(displayName);
  if (known === undefined) return { problem: `${at} is tool ${describeValue(displayName)}, which is not in the indexed catalog` };
  return { problem: '', tool: known };
}

/**
 * Checks what a ranker's `search` returned and hands back the hits as the
 * catalog knows them: an array of at most `limit` hits `{ tool, score }`,
 * each score a finite number, each tool one of the indexed catalog (matched
 * by `displayName`; a hit carrying a copy gets the catalog's own object), no
 * tool twice, and, when the search was given a `filter` (as `+term` queries
 * give one), only tools it allows (asked once per hit, of the catalog's own
 * object). Returns `result` itself when it already holds the catalog's
 * objects. Anything else throws LoadoutError `ranker-invalid-result` naming
 * the ranker and what was wrong (`details.ranker`, `details.problem`).
 *
 * Every surface that searches with a plug-in ranker calls it on each result
 * (the CLI, the gateway, the adapters, the browser engine); a bad plug-in
 * then fails the same way everywhere, instead of printing `NaN`, listing a
 * tool that does not exist or scoring a bogus recall. {@link withCheckedResults}
 * applies it to every search of a ranker.
 *
 * From `@loadout/core/plugins`.
 *
 * @example
 * ```ts
 * const hits = checkRankerResult(await ranker.search(query, { limit }), { ranker: ranker.name, tools: catalog.byDisplayName, limit });
 * ```
 */
export function checkRankerResult(result: unknown, expected: RankerResultExpectation): readonly SearchHit[] {
  const { ranker, limit, filter } = expected;
  if (!Array.isArray(result)) invalid(ranker, `got ${describeValue(result)}, not an array of {tool, score}`);
  if (result.length > limit) invalid(ranker, `${result.length} hits for limit ${limit}`, { limit, hits: result.length });
  const seen = new Set<string>();
  let copied: SearchHit[] | undefined;
  for (let position = 0; position < result.length; position++) {
    const hit = result[position] as SearchHit;
    const { problem, tool } = hitProblem(hit, position, expected);
    if (tool === undefined) invalid(ranker, problem, { position });
    if (seen.has(tool.displayName)) invalid(ranker, `hit ${position + 1} repeats tool ${JSON.stringify(tool.displayName)}`, { position });
    if (filter !== undefined && !filter(tool)) invalid(ranker, `hit ${position + 1} (tool ${JSON.stringify(tool.displayName)}) is not one the filter allows`, { position });
    seen.add(tool.displayName);
    if (tool !== hit.tool) copied ??= (result as SearchHit[]).slice(0, position);
    if (copied !== undefined) copied.push(tool === hit.tool ? hit : { ...hit, tool });
  }
  return copied ?? (result as readonly SearchHit[]);
}
