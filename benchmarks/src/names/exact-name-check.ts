import { toCompactNameKey } from '@loadout/core';
import type { CatalogTool, SyncRanker } from '@loadout/core';
import { nameSpellings } from './name-spellings.js';
import type { SpellingKind } from './name-spellings.js';

/** Outcome of {@link checkExactNames}. */
export interface ExactNameReport {
  /** Generated queries (tools × spellings). */
  readonly queries: number;
  /** Queries whose named tools all came before anything else, the tool itself among them. */
  readonly passed: number;
  /** Queries whose tool came first (equals `passed` where no other tool shares the name). */
  readonly rankOne: number;
  /** Queries naming a tool that other tools share the name with. */
  readonly shared: number;
  /** Per spelling: queries and passes. */
  readonly bySpelling: Readonly<Partial<Record<SpellingKind, { readonly queries: number; readonly passed: number }>>>;
  /** Up to 10 failing queries, for the report. */
  readonly failures: readonly { readonly query: string; readonly tool: string; readonly got: readonly string[] }[];
}

/**
 * Generates every spelling of every tool's name ({@link nameSpellings}),
 * searches each with `ranker` (already indexed with `tools` and wrapped with
 * core's `withQuerySyntax`), and checks that the tools named by the query
 * fill the first places, the tool itself among them. A query names every
 * tool one of whose spellings, or whose API name, it equals once case and
 * word breaks are ignored (core's `toCompactNameKey`): the spellings, not
 * core's lookup keys, define what is named, so a spelling core does not
 * recognise is a miss.
 */
export function checkExactNames(ranker: SyncRanker, tools: readonly CatalogTool[]): ExactNameReport {
  const byKey = new Map<string, CatalogTool[]>();
  for (const tool of tools) {
    const keys = new Set([tool.apiName, ...nameSpellings(tool).map((spelling) => spelling.query)].map(toCompactNameKey));
    for (const key of keys) {
      if (key.length === 0) continue;
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [tool]);
      else list.push(tool);
    }
  }
  let queries = 0;
  let passed = 0;
  let rankOne = 0;
  let shared = 0;
  const bySpelling: Partial<Record<SpellingKind, { queries: number; passed: number }>> = {};
  const failures: { query: string; tool: string; got: string[] }[] = [];
  for (const tool of tools) {
    for (const { kind, query } of nameSpellings(tool)) {
      const named = byKey.get(toCompactNameKey(query)) ?? [];
      const hits = ranker.search(query, { limit: Math.max(named.length, 1) });
      const top = new Set(hits.map((hit) => hit.tool));
      const ok = named.includes(tool) && named.every((other) => top.has(other));
      queries++;
      if (named.length > 1) shared++;
      if (ok) passed++;
      if (hits[0]?.tool === tool) rankOne++;
      const entry = (bySpelling[kind] ??= { queries: 0, passed: 0 });
      entry.queries++;
      if (ok) entry.passed++;
      if (!ok && failures.length < 10) failures.push({ query, tool: tool.displayName, got: hits.map((hit) => hit.tool.displayName) });
    }
  }
  return { queries, passed, rankOne, shared, bySpelling, failures };
}
