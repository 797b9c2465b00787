import type { CatalogTool, RankerSearchOptions, SearchHit, SyncRanker } from '@loadout/core';
import { readSearchLimit } from '../shared/search-limit.js';
import { analyseDocument, createAnalysisScratch } from './analyse-document.js';
import { corruptIndex } from './byte-reader.js';
import { compactDictionary, countDeadTerms } from './compact-dictionary.js';
import { createDictionary } from './dictionary.js';
import type { Dictionary } from './dictionary.js';
import { completeWord, lastWordOf, MAX_COMPLETIONS, sortVocabulary } from './complete-last-word.js';
import type { SortedVocabulary } from './complete-last-word.js';
import { evaluateQuery } from './evaluate-query.js';
import type { QueryContext } from './evaluate-query.js';
import { explainHit } from './explain-hit.js';
import { fnv1aStrings } from './fnv1a.js';
import { decodeIndex, encodeIndex } from './index-codec.js';
import { emptyPostings } from './postings.js';
import type { Postings } from './postings.js';
import { createQueryScratch } from './query-scratch.js';
import type { QueryScratch } from './query-scratch.js';
import { clauseTexts, collectQueryTerms, createQueryTerms, isCompletion, termWeight } from './query-terms.js';
import { rebuildPostings } from './rebuild-postings.js';
import type { DocumentSource } from './rebuild-postings.js';
import { resolveBm25Options } from './bm25-options.js';
import type { Bm25RankerOptions } from './bm25-options.js';
import { computeScoringTables } from './scoring-tables.js';
import { coverClauses } from './clause-coverage.js';
import type { ClauseCoverResult } from './clause-coverage.js';
import { coverageRerank } from './coverage-rerank.js';
import type { CoverageResult } from './coverage-rerank.js';
import type { ScoringTables } from './scoring-tables.js';
import { drainTopK } from '@loadout/core/utils';
import { registerBm25Internals } from './ranker-internals.js';
import type { RankedDocs } from './ranker-internals.js';

/** A {@link SyncRanker} named `bm25f` whose index can be saved and loaded. */
export interface Bm25Ranker extends SyncRanker {
  readonly name: 'bm25f';
  /** The indexed tools in ranking tie order (the order {@link load} expects). */
  readonly tools: readonly CatalogTool[];
  /**
   * The index as a compact binary blob (magic `LBMF`, format version,
   * dictionary, delta-coded postings, checksum). Scoring options are not
   * stored: a loading ranker applies its own weights, `k1` and `b`.
   */
  serialize(): Uint8Array;
  /**
   * Replaces the index with a blob from {@link serialize}, built for exactly
   * `tools` (same display names, same order) by an analyzer with the same
   * signature. Skips tokenising the tools. Throws `index-corrupt` when the
   * blob is malformed or does not fit the tools or the analyzer.
   */
  load(blob: Uint8Array, tools: readonly CatalogTool[]): void;
}

interface Pending {
  readonly tools: CatalogTool[];
  readonly sources: DocumentSource[];
}

/**
 * Creates the BM25F ranker: per-field weights and length normalisation,
 * postings in typed arrays, a reused score accumulator and a top-k heap.
 *
 * `index` tokenises every tool and builds the postings. `add` tokenises only
 * the new tools and `remove` only drops them from the tool list; the postings
 * and every corpus statistic (document frequencies, average field lengths)
 * are rebuilt lazily before the next search in one O(postings) pass that
 * renumbers documents and compacts removed ones away, so results always
 * equal those of a fresh `index` of the same tool list. `add` replaces a tool
 * with the same display name in place; new tools are appended. Ties rank in
 * tool-list order.
 */
export function createBm25Ranker(options: Bm25RankerOptions = {}): Bm25Ranker {
  const settings = resolveBm25Options(options);
  const { analyzer } = settings;
  let tools: CatalogTool[] = [];
  let dictionary: Dictionary = createDictionary();
  let postings: Postings = emptyPostings();
  let tables: ScoringTables = computeScoringTables(postings, settings.weights, settings.b, settings.k1);
  let scratch: QueryScratch = createQueryScratch(0);
  let pending: Pending | null = null;
  const analysisScratch = createAnalysisScratch();
  let docsOut = new Int32Array(16);
  let scoresOut = new Float64Array(16);
  const terms = createQueryTerms();
  /** With `completeLastWord`: the vocabulary sorted for the current postings, and the completions of the last query. */
  let vocabulary: SortedVocabulary | undefined;
  const completions = new Int32Array(MAX_COMPLETIONS);
  let context: QueryContext = { postings, tables, scratch, tools };

  const install = (nextTools: CatalogTool[], nextPostings: Postings, nextDictionary: Dictionary): void => {
    tools = nextTools;
    postings = nextPostings;
    dictionary = nextDictionary;
    tables = computeScoringTables(postings, settings.weights, settings.b, settings.k1);
    if (scratch.docCount !== postings.docCount) scratch = createQueryScratch(postings.docCount);
    context = { postings, tables, scratch, tools };
  };

  const refresh = (compact = false): void => {
    if (pending !== null) {
      const rebuilt = rebuildPostings(postings, pending.sources, dictionary.terms.length);
      const nextTools = pending.tools;
      pending = null;
      const dead = countDeadTerms(rebuilt);
      if (dead > 0 && (compact || (dead > 1024 && dead * 2 > rebuilt.termCount))) {
        const compacted = compactDictionary(rebuilt, dictionary);
        install(nextTools, compacted.postings, compacted.dictionary);
      } else {
        install(nextTools, rebuilt, dictionary);
      }
    } else if (compact && countDeadTerms(postings) > 0) {
      const compacted = compactDictionary(postings, dictionary);
      install(tools, compacted.postings, compacted.dictionary);
    }
  };

  const current = (): Pending =>
    pending === null ? { tools: tools.slice(), sources: tools.map((_, index) => index) } : { tools: pending.tools.slice(), sources: pending.sources.slice() };

  const analyse = (tool: CatalogTool): DocumentSource => {
    const fields = analyzer.analyzeTool(tool);
    const usage = settings.usage?.(tool);
    if (usage !== undefined && usage.length > 0) fields.usage = analyzer.analyzeQuery(usage);
    return analyseDocument(fields, dictionary, analysisScratch);
  };

  let served: ClauseCoverResult | undefined;
  let picks: CoverageResult | undefined;
  const ranked: { -readonly [key in keyof RankedDocs]: RankedDocs[key] } = { docs: docsOut, scores: scoresOut, count: 0, terms, covered: undefined };
  /** The best `limit` documents for `query` into `docsOut`/`scoresOut` (or `picks`); sets `served`/`picks`; returns their count. */
  const rank = (query: string, limit: number, filter: RankerSearchOptions['filter'], explain: boolean): number => {
    served = undefined;
    picks = undefined;
    if (tools.length === 0) return 0;
    let completed = 0;
    const word = settings.completeLastWord ? lastWordOf(query) : undefined;
    if (word !== undefined) {
      if (vocabulary?.postings !== postings) vocabulary = sortVocabulary(dictionary, postings);
      completed = completeWord(word, dictionary, vocabulary, analyzer, completions);
    }
    collectQueryTerms(query, analyzer, dictionary, postings, settings.multiIntent === 'clause-fusion', terms, settings.prefix, completed === 0 ? undefined : completions.subarray(0, completed), word);
    if (terms.fullCount === 0) return 0;
    const covering = settings.coverage === 'xquad' && terms.fullCount >= settings.coverageMinTerms;
    const byClause = settings.coverage === 'clauses' && terms.clauseCount >= 2 && settings.clauseCoveredCredit < 1;
    const pool = Math.max(limit, covering || byClause ? settings.coverageCandidates : 0);
    const capacity = Math.min(pool, tools.length);
    evaluateQuery(context, terms, capacity, settings.clauseWeight, filter, explain);
    if (docsOut.length < capacity) {
      docsOut = new Int32Array(capacity);
      scoresOut = new Float64Array(capacity);
    }
    let count = drainTopK(scratch.heap, docsOut, scoresOut);
    if (byClause && count > 1) {
      served = coverClauses(context, terms, docsOut, scoresOut, Math.min(count, settings.coverageCandidates), limit, {
        clauseWeight: settings.clauseWeight,
        credit: settings.clauseCoveredCredit,
        threshold: settings.clauseCoveredShare,
      });
      count = served.clausePart.length;
    }
    if (covering && count > 1) {
      picks = coverageRerank(context, terms.full.subarray(0, terms.fullCount), docsOut, scoresOut, count, limit, {
        weight: settings.coverageWeight,
        serverBonus: settings.sameServerBonus,
      });
      count = picks.docs.length;
    }
    return Math.min(count, limit);
  };

  const ranker: Bm25Ranker = {
    specificationVersion: 'v1',
    name: 'bm25f',
    get size() {
      return pending === null ? tools.length : pending.tools.length;
    },
    get tools() {
      return pending === null ? tools : pending.tools;
    },
    index(nextTools) {
      const list: CatalogTool[] = [];
      const positions = new Map<string, number>();
      for (const tool of nextTools) {
        const position = positions.get(tool.displayName);
        if (position === undefined) {
          positions.set(tool.displayName, list.length);
          list.push(tool);
        } else {
          list[position] = tool;
        }
      }
      dictionary = createDictionary();
      postings = emptyPostings();
      pending = { tools: list, sources: list.map(analyse) };
      refresh();
    },
    add(added) {
      if (added.length === 0) return;
      const next = current();
      const positions = new Map<string, number>();
      for (let index = 0; index < next.tools.length; index++) positions.set(next.tools[index]!.displayName, index);
      for (const tool of added) {
        const source = analyse(tool);
        const position = positions.get(tool.displayName);
        if (position === undefined) {
          positions.set(tool.displayName, next.tools.length);
          next.tools.push(tool);
          next.sources.push(source);
        } else {
          next.tools[position] = tool;
          next.sources[position] = source;
        }
      }
      pending = next;
    },
    remove(displayNames) {
      if (displayNames.length === 0) return;
      const removed = new Set(displayNames);
      const next = current();
      const kept: Pending = { tools: [], sources: [] };
      for (let index = 0; index < next.tools.length; index++) {
        if (removed.has(next.tools[index]!.displayName)) continue;
        kept.tools.push(next.tools[index]!);
        kept.sources.push(next.sources[index]!);
      }
      if (kept.tools.length !== next.tools.length) pending = kept;
    },
    search(query: string, searchOptions: RankerSearchOptions = {}): readonly SearchHit[] {
      const limit = readSearchLimit(searchOptions.limit, 'bm25f');
      refresh();
      const count = rank(query, limit, searchOptions.filter, searchOptions.explain === true);
      if (count === 0) return [];
      const hits: SearchHit[] = new Array<SearchHit>(Math.min(count, limit));
      const texts = searchOptions.explain === true && terms.clauseCount >= 2 ? clauseTexts(terms) : undefined;
      for (let index = 0; index < hits.length; index++) {
        const doc = picks === undefined ? docsOut[index]! : picks.docs[index]!;
        const score = picks === undefined ? scoresOut[index]! : picks.scores[index]!;
        if (searchOptions.explain !== true) {
          hits[index] = { tool: tools[doc]!, score };
          continue;
        }
        let explanation = explainHit(context, dictionary, terms.full.subarray(0, terms.fullCount), texts, settings.clauseWeight, doc, (term) => termWeight(terms, term), (term) => isCompletion(terms, term), terms.completedTerm);
        if (served !== undefined) {
          const part = served.clausePart[index]!;
          if (Math.abs(part - (explanation.components['clause'] ?? 0)) > 1e-12) {
            explanation = {
              ...explanation,
              components: { ...explanation.components, clause: part },
              notes: [...explanation.notes, 'clause credit reduced: a tool ranked above already serves that clause'],
            };
          }
        }
        if (picks !== undefined) {
          explanation = {
            ...explanation,
            components: { ...explanation.components, coverage: picks.coverage[index]!, sameServer: picks.bonus[index]! },
            notes: [...explanation.notes, 'picked for query-term coverage'],
          };
        }
        hits[index] = { tool: tools[doc]!, score, explanation };
      }
      return hits;
    },
    serialize() {
      refresh(true);
      return encodeIndex({
        signature: analyzer.signature,
        namesHash: fnv1aStrings(tools.map((tool) => tool.displayName)),
        dictionary,
        postings,
      });
    },
    load(blob, loadedTools) {
      const contents = decodeIndex(blob);
      if (contents.signature !== analyzer.signature) {
        throw corruptIndex(`built by analyzer ${JSON.stringify(contents.signature)}, this ranker uses ${JSON.stringify(analyzer.signature)}; index the catalog again`, {
          signature: contents.signature,
        });
      }
      if (contents.postings.docCount !== loadedTools.length || contents.namesHash !== fnv1aStrings(loadedTools.map((tool) => tool.displayName))) {
        const why =
          contents.postings.docCount === loadedTools.length
            ? `the same number of tools (${contents.postings.docCount}), but other names or another order`
            : `${contents.postings.docCount} tools in the index, ${loadedTools.length} given`;
        throw corruptIndex(`built for other tools (${why}); index this catalog again`, {
          indexed: contents.postings.docCount,
          given: loadedTools.length,
        });
      }
      pending = null;
      install(loadedTools.slice(), contents.postings, contents.dictionary);
    },
  };
  registerBm25Internals(ranker, () => {
    refresh();
    return {
      tools,
      postings,
      tables,
      dictionary,
      settings,
      rank(query, limit, filter) {
        refresh();
        ranked.count = rank(query, limit, filter, false);
        ranked.docs = picks?.docs ?? docsOut;
        ranked.scores = picks?.scores ?? scoresOut;
        ranked.covered = picks === undefined ? served : undefined;
        return ranked;
      },
    };
  });
  return ranker;
}

/** Shorthand for `createBm25Ranker(options)` followed by `load(blob, tools)`. */
export function deserializeBm25Index(blob: Uint8Array, tools: readonly CatalogTool[], options: Bm25RankerOptions = {}): Bm25Ranker {
  const ranker = createBm25Ranker(options);
  ranker.load(blob, tools);
  return ranker;
}
