import type { ToolDiscovery } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';

/**
 * Every `tool_search_result` step in an interaction's input, with the
 * functions it loaded (by `call_id`): a tool stays loaded while a result
 * that loaded it is in the input.
 */
export function interactionsDiscoveries(steps: readonly unknown[]): ToolDiscovery[] {
  const found: ToolDiscovery[] = [];
  for (const step of steps) {
    if (!isRecord(step) || step['type'] !== 'tool_search_result' || typeof step['call_id'] !== 'string') continue;
    const result = Array.isArray(step['result']) ? step['result'] : [];
    const names = result.flatMap((tool) => (isRecord(tool) && typeof tool['name'] === 'string' ? [tool['name']] : []));
    if (names.length > 0) found.push({ callId: step['call_id'], toolNames: names });
  }
  return found;
}
