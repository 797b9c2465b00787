import type { ToolAnalyzer } from './create-tool-analyzer.js';
import type { TokenChunks } from '@loadout/core/utils';

/**
 * A query's tokens with where they came from: `tokens` as
 * `splitIdentifiers` gives them (stopwords included, `stop[i] === 1` marks
 * them) and the chunk each token belongs to. So the tokens of any part of
 * the query that starts and ends between chunks are known without
 * tokenising it again. Buffers are reused by the next call.
 */
export interface QueryChunks {
  readonly tokens: readonly string[];
  readonly stop: Uint8Array;
  readonly chunks: TokenChunks;
}

const chunkers = new WeakMap<ToolAnalyzer, (text: string) => QueryChunks | undefined>();

/** Called by the built-in analyzers, which can tokenise a query by chunks. */
export function registerQueryChunker(analyzer: ToolAnalyzer, chunker: (text: string) => QueryChunks | undefined): void {
  chunkers.set(analyzer, chunker);
}

/**
 * The chunked tokens of `text`, or undefined when `analyzer` is not a
 * built-in one or the text is not ASCII; filtering out `stop` tokens gives
 * `analyzer.analyzeQuery(text)`.
 */
export function analyzeQueryChunks(analyzer: ToolAnalyzer, text: string): QueryChunks | undefined {
  return chunkers.get(analyzer)?.(text);
}
