import { describeValue } from '@loadout/core';
import type { ToolSearchAnswer } from '@loadout/core';

/** What the model is told when a search failed or found nothing; null when it found tools. */
export function searchFailureText(answer: ToolSearchAnswer): string | null {
  if (!answer.ok) return answer.stage === 'arguments' ? answer.message : `Search failed: ${answer.message} [${answer.code}]`;
  if (answer.tools.length > 0) return null;
  return `No tool that is not yet loaded matched ${describeValue(answer.query)}. Loaded tools can be called directly; otherwise try other keywords, or select:name for an exact name.`;
}
