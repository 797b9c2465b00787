import { describeValue } from '@loadout/core';
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
  if (!answer.ok) return errorResult(toolUse.id, answer.stage === 'arguments' ? answer.message : `Search failed: ${answer.message}`);
  onFound?.(answer.query, answer.tools.map((tool) => tool.name));
  if (answer.tools.length === 0) {
    return textResult(
      toolUse.id,
      `No tool that is not yet loaded matched ${describeValue(answer.query)}. Tools already loaded can be called directly; otherwise try other keywords, or select:name for an exact name.`,
    );
  }
  return toolReferenceResult(
    toolUse.id,
    answer.tools.map((tool) => tool.name),
  );
}
