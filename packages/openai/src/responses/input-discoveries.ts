import { plainAnswerNames } from '@loadout/core/adapter';
import type { ToolDiscovery } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import type { ResponseInputItem } from './responses-types.js';

function definitionNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  const names: string[] = [];
  for (const tool of tools) {
    if (!isRecord(tool)) continue;
    if (tool['type'] === 'function' && typeof tool['name'] === 'string') names.push(tool['name']);
    if (tool['type'] === 'namespace') names.push(...definitionNames(tool['tools']));
  }
  return names;
}

/**
 * Every tool-loading item of a Responses input: `tool_search_output` items
 * (their function definitions, namespaces included) and the
 * `function_call_output` of the plain search function (`isPlainSearchCall`
 * tells its call ids). Items without tools are left out.
 */
export function inputDiscoveries(items: readonly ResponseInputItem[], isPlainSearchCall: (callId: string) => boolean): ToolDiscovery[] {
  const found: ToolDiscovery[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item['call_id'] !== 'string') continue;
    const callId = item['call_id'];
    let names: string[] = [];
    if (item['type'] === 'tool_search_output') names = definitionNames(item['tools']);
    else if (item['type'] === 'function_call_output' && isPlainSearchCall(callId)) names = plainAnswerNames(item['output']);
    if (names.length > 0) found.push({ callId, toolNames: names });
  }
  return found;
}
