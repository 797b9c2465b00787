import { searchFailureText } from '@loadout/core/adapter';
import { answerToolSearch } from '@loadout/core/search';
import type { ToolSearchContext } from '@loadout/core';
import type { ToolResultBlock } from '../api-types.js';
import type { ToolUseLike } from './tool-search-types.js';
import { errorResult, textResult, toolReferenceResult } from './tool-result.js';

/**
 * Answers one call of the client-side search tool; never rejects. The
 * search is core's kernel ({@link answerToolSearch}); this only renders it
 * for the Messages API: `tool_reference` blocks by API name, a text result
 * when nothing matched, `is_error` with a message naming the problem.
 * `onFound` is told each answered query and the tools it found.
 */
export async function answerSearch(
  toolUse: ToolUseLike,
  context: ToolSearchContext,
  onFound?: (query: string, apiNames: readonly string[]) => void,
): Promise<ToolResultBlock> {
  const answer = await answerToolSearch(toolUse.input, context);
  const failure = searchFailureText(answer);
  if (!answer.ok) return errorResult(toolUse.id, failure ?? answer.message);
  onFound?.(answer.query, answer.tools.map((tool) => tool.name));
  if (failure !== null) return textResult(toolUse.id, failure);
  return toolReferenceResult(
    toolUse.id,
    answer.tools.map((tool) => tool.name),
  );
}
