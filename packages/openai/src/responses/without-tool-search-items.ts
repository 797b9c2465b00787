import { isRecord } from '@loadout/core/utils';
import type { ResponseInputItem } from './responses-types.js';

/** The input without `tool_search_call` / `tool_search_output` items, for a deployment that rejects tool search. */
export function withoutToolSearchItems(items: readonly ResponseInputItem[]): ResponseInputItem[] {
  return items.filter((item) => !isRecord(item) || (item['type'] !== 'tool_search_call' && item['type'] !== 'tool_search_output'));
}
