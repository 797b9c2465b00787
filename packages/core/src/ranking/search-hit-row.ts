import type { ScoreExplanation, SearchHit } from './ranker.js';

/** One hit as `loadout search --json` prints it (the WebAssembly component's `search` prints the same rows). */
export interface SearchHitRow {
  /** 1 for the first hit. */
  readonly rank: number;
  readonly score: number;
  /** The tool's display name (`server::name` when servers share names). */
  readonly tool: string;
  readonly name: string;
  /** Null for a tool of no server. */
  readonly server: string | null;
  readonly description: string;
  /** Present when the search asked for explanations. */
  readonly explanation?: ScoreExplanation;
}

/** The rows `loadout search --json` prints for `hits`, in their order. */
export function toSearchHitRows(hits: readonly SearchHit[]): SearchHitRow[] {
  return hits.map((hit, index) => ({
    rank: index + 1,
    score: hit.score,
    tool: hit.tool.displayName,
    name: hit.tool.name,
    server: hit.tool.server,
    description: hit.tool.description,
    ...(hit.explanation === undefined ? {} : { explanation: hit.explanation }),
  }));
}
