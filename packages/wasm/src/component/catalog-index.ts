import { createLoadoutError, forwardRanker, isLoadoutError, toSearchHitRows, withQuerySyntax } from '@loadout/core';
import type { CatalogIssue, CatalogTool, Ranker } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import type { Bm25Ranker } from '@loadout/bm25';
import { isSearchLimit, MAX_SEARCH_LIMIT } from '@loadout/core/utils';
import { MAX_TOOLS_RANGE, MAX_TOOLS_TEXT } from './component-limits.js';
import { withinMemory } from './out-of-memory.js';
import { readCatalog } from './read-catalog.js';

/** The ranker name `loadout search --json` reports for its default. */
const RANKER = 'bm25f';
/** The message for an empty query, worded for the component's `index.search`. */
const QUERY_EMPTY = 'index.search: the query is empty; say in words what the tool should do, e.g. "open a pull request"';

/** What `from-saved` adds to `index-corrupt`: which bytes it reads. */
const SAVED_HINT = 'index.from-saved reads the bytes index.save wrote for this catalog, not a `loadout index` file; index the catalog with index.from-catalog instead';

function isSync<T>(value: T | Promise<T>): value is T {
  return !(value instanceof Promise);
}

/** A value the synchronous BM25F ranker returned (it never returns a promise; a guard, not a wait). */
function now<T>(value: T | Promise<T>): T {
  if (!isSync(value)) throw createLoadoutError('ranker-failed', 'the BM25F ranker answered asynchronously');
  return value;
}

/** `message` without a leading package name (`@loadout/bm25: `): the API's messages name its own functions. */
function withoutPackageName(message: string): string {
  return message.replace(/^@loadout\/[\w-]+: /, '');
}

/** `search()`'s answer; a coded error from the query syntax or the ranker (`query-too-long`, …) gets the `index.search: ` prefix every message of this function has. */
function searching<T>(search: () => T): T {
  try {
    return search();
  } catch (error) {
    if (!isLoadoutError(error) || error.message.startsWith('index.search: ')) throw error;
    throw createLoadoutError(error.code, `index.search: ${withoutPackageName(error.message)}`, { ...error.details });
  }
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

  /** Indexes catalog text (`loadout search --catalog`'s formats) of up to `maxTools` tools (default 10,000; 1 to {@link MAX_TOOLS_RANGE}'s maximum, else `invalid-option`). */
  static fromCatalog(text: string, source: string, maxTools?: number): CatalogIndex {
    if (maxTools !== undefined && !(Number.isInteger(maxTools) && maxTools >= MAX_TOOLS_RANGE.min && maxTools <= MAX_TOOLS_RANGE.max)) {
      throw createLoadoutError('invalid-option', `index.from-catalog-max-tools: max-tools must be an integer from 1 to ${MAX_TOOLS_TEXT}, got ${JSON.stringify(String(maxTools))}`, {
        option: 'max-tools',
        value: String(maxTools),
      });
    }
    return CatalogIndex.open(text, source, undefined, maxTools);
  }

  /** Restores what {@link CatalogIndex.save} wrote for the same catalog; other bytes are `index-corrupt`. */
  static fromSaved(text: string, source: string, saved: Uint8Array): CatalogIndex {
    try {
      // The caller chose the limit when it indexed and saved: restoring accepts any size the range allows.
      return CatalogIndex.open(text, source, saved, MAX_TOOLS_RANGE.max);
    } catch (error) {
      if (!isLoadoutError(error) || error.code !== 'index-corrupt') throw error;
      // The message names the API's argument, not the package that read the bytes (`@loadout/bm25: …`).
      const reason = typeof error.details['reason'] === 'string' ? error.details['reason'] : withoutPackageName(error.message);
      throw createLoadoutError('index-corrupt', `index.from-saved: saved is corrupt or does not fit the catalog (${reason}); ${SAVED_HINT}`, { ...error.details });
    }
  }

  private static open(text: string, source: string, saved: Uint8Array | undefined, maxTools?: number): CatalogIndex {
    return withinMemory(text, source, () => {
      const { catalog, issues } = readCatalog(text, source, maxTools);
      const bm25 = createBm25Ranker();
      const ranker = withQuerySyntax(saved === undefined ? bm25 : restoring(bm25, saved));
      now(ranker.index(catalog.tools));
      return new CatalogIndex(bm25, ranker, catalog.tools, issues);
    });
  }

  /** The best `limit` tools for `query`, as `loadout search QUERY --limit LIMIT --json` prints them (two-space JSON). */
  search(query: string, limit: number): string {
    if (query.trim() === '') throw createLoadoutError('query-empty', QUERY_EMPTY);
    if (!isSearchLimit(limit)) {
      throw createLoadoutError('invalid-option', `index.search: limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}, got ${JSON.stringify(String(limit))}`, { option: 'limit', value: String(limit) });
    }
    const hits = toSearchHitRows(now(searching(() => this.ranker.search(query, { limit, explain: false }))));
    // No mods run here: "warnings" (what the CLI's mods reported) is always empty.
    return JSON.stringify({ query, ranker: RANKER, tools: this.tools.length, issues: this.issues, warnings: [], hits }, null, 2);
  }

  /** The BM25F index bytes. */
  save(): Uint8Array {
    return this.bm25.serialize();
  }
}
