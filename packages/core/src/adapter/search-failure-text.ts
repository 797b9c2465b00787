import { describeValue } from '../errors/loadout-error.js';
import type { ToolSearchAnswer } from '../search/tool-search-answer.js';

/** What an adapter tells the model when a search failed (ending in its `[code]`: `[invalid-input]` for bad arguments, `[query-empty]`, …) or found nothing; null when it found tools. */
export function searchFailureText(answer: ToolSearchAnswer): string | null {
  if (!answer.ok) return answer.stage === 'arguments' ? `${answer.message} [${answer.code}]` : `Search failed: ${answer.message} [${answer.code}]`;
  if (answer.tools.length > 0) return null;
  return `No tool that is not yet loaded matched ${describeValue(answer.query)}. Loaded tools can be called directly; otherwise try other keywords, or select:name for an exact name.`;
}
