import { searchFailureText } from '@loadout/core/adapter';
import type { ToolSearchAnswer } from '@loadout/core';
import type { ToolResultBlock } from '../api-types.js';
import { errorResult, textResult, toolReferenceResult } from './tool-result.js';

/**
 * A search answer rendered for the Messages API: `tool_reference` blocks by
 * API name, a text result when nothing matched, `is_error` with a message
 * naming the problem when the search failed (core's `searchFailureText`).
 */
export function searchResult(toolUseId: string, answer: ToolSearchAnswer): ToolResultBlock {
  const failure = searchFailureText(answer);
  if (!answer.ok) return errorResult(toolUseId, failure ?? answer.message);
  if (failure !== null) return textResult(toolUseId, failure);
  return toolReferenceResult(
    toolUseId,
    answer.tools.map((tool) => tool.name),
  );
}
