import { describeValue, isLoadoutError } from '@loadout/core';
import type { Ranker, SearchHit } from '@loadout/core';
import type { ToolResultBlock } from '../api-types.js';
import { readSearchInput } from './search-input.js';
import type { SearchInputLimits } from './search-input.js';
import type { ToolUseLike } from './tool-search-types.js';
import { errorResult, textResult, toolReferenceResult } from './tool-result.js';

/** What answering a search needs. */
export interface SearchAnswerContext extends SearchInputLimits {
  /** The search tool's name, for messages. */
  readonly toolName: string;
  /** The ranker with query syntax, indexed once `ready` resolves. */
  readonly ranker: Ranker;
  readonly ready: () => Promise<void>;
  /** API names that may be referenced: the tools the request defers. */
  readonly deferred: () => ReadonlySet<string>;
}

function failure(error: unknown): string {
  if (isLoadoutError(error)) return `Search failed: ${error.message}`;
  const message = error instanceof Error ? error.message : describeValue(error);
  return `Search failed: the ranker threw an error (${message})`;
}

/** Answers one call of the client-side search tool; never rejects. */
export async function answerSearch(toolUse: ToolUseLike, context: SearchAnswerContext): Promise<ToolResultBlock> {
  const read = readSearchInput(toolUse.input, context.toolName, context);
  if (!read.ok) return errorResult(toolUse.id, read.message);
  const { query, limit } = read.input;
  let hits: readonly SearchHit[];
  try {
    await context.ready();
    const deferred = context.deferred();
    hits = await context.ranker.search(query, { limit, filter: (tool) => deferred.has(tool.apiName) });
  } catch (error) {
    return errorResult(toolUse.id, failure(error));
  }
  if (hits.length === 0) {
    return textResult(
      toolUse.id,
      `No tool that is not yet loaded matched ${describeValue(query)}. Tools already loaded can be called directly; otherwise try other keywords, or select:name for an exact name.`,
    );
  }
  return toolReferenceResult(
    toolUse.id,
    hits.map((hit) => hit.tool.apiName),
  );
}
