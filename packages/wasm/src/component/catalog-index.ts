import { createLoadoutError, forwardRanker, toSearchHitRows, withQuerySyntax } from '@loadout/core';
import type { CatalogIssue, CatalogTool, Ranker } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import type { Bm25Ranker } from '@loadout/bm25';
import { isSearchLimit, MAX_SEARCH_LIMIT } from '@loadout/core/utils';
import { readCatalog } from './read-catalog.js';

/** The ranker name `loadout search --json` reports for its default. */
const RANKER = 'bm25f';
/** `loadout search`'s message for an empty query, word for word. */
const QUERY_EMPTY = 'needs a QUERY: say in words what the tool should do, e.g. loadout search "open a pull request" (see loadout search --help)';

function isSync<T>(value: T | Promise<T>): value is T {
  return !(value instanceof Promise);
}

/** A value the synchronous BM25F ranker returned (it never returns a promise; a guard, not a wait). */
function now<T>(value: T | Promise<T>): T {
  if (!isSync(value)) throw createLoadoutError('ranker-failed', 'the BM25F ranker answered asynchronously');
  return value;
}

/** `bm25` whose `index` loads `saved` instead of indexing (it checks that the bytes fit the tools: `index-corrupt` otherwise). */
function restoring(bm25: Bm25Ranker, saved: Uint8Array): Ranker {
  return forwardRanker(bm25, { index: (tools) => bm25.load(saved, tools) });
}

/** The WIT `index` resource: a catalog indexed with BM25F and the CLI's query syntax. */
export class CatalogIndex {
  private constructor(
    private readonly bm25: Bm25Ranker,
    private readonly ranker: Ranker,
    private readonly tools: readonly CatalogTool[],
    private readonly issues: readonly CatalogIssue[],
  ) {}

  /** Indexes catalog text (`loadout search --catalog`'s formats). */
  static fromCatalog(text: string, source: string): CatalogIndex {
    return CatalogIndex.open(text, source, undefined);
  }

  /** Restores what {@link CatalogIndex.save} wrote for the same catalog; other bytes are `index-corrupt`. */
  static fromSaved(text: string, source: string, saved: Uint8Array): CatalogIndex {
    return CatalogIndex.open(text, source, saved);
  }

  private static open(text: string, source: string, saved: Uint8Array | undefined): CatalogIndex {
    const { catalog, issues } = readCatalog(text, source);
    const bm25 = createBm25Ranker();
    const ranker = withQuerySyntax(saved === undefined ? bm25 : restoring(bm25, saved));
    now(ranker.index(catalog.tools));
    return new CatalogIndex(bm25, ranker, catalog.tools, issues);
  }

  /** `loadout search QUERY --limit LIMIT --json` over this catalog, two-space JSON. */
  search(query: string, limit: number): string {
    if (query.trim() === '') throw createLoadoutError('query-empty', QUERY_EMPTY);
    if (!isSearchLimit(limit)) {
      throw createLoadoutError('invalid-option', `--limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}, got ${JSON.stringify(String(limit))}`, { flag: 'limit', value: String(limit) });
    }
    const hits = toSearchHitRows(now(this.ranker.search(query, { limit, explain: false })));
    return JSON.stringify({ query, ranker: RANKER, tools: this.tools.length, issues: this.issues, hits }, null, 2);
  }

  /** The BM25F index bytes. */
  save(): Uint8Array {
    return this.bm25.serialize();
  }
}
