import { isRecord } from '@loadout/core/utils';
import type { MessageParam } from '../api-types.js';
import type { ToolSearch } from '../tool-search/tool-search-types.js';

/** Most `tool_use` ids one client remembers as reported; the oldest are forgotten first. */
const MAX_REPORTED = 10_000;


/**
 * Reports to `toolSearch.called` each catalog tool the caller ran since the
 * last request: a `tool_result` sent back for a `tool_use` of a catalog
 * tool (not the search tool), not marked `is_error`, whose id `reported`
 * has not seen. Each id is
 * reported once, so a conversation sent again (every turn re-sends it)
 * counts nothing twice. `reported` is the client's, bounded.
 */
export function reportToolRuns(messages: readonly MessageParam[], toolSearch: ToolSearch, reported: Set<string>): void {
  if (!Array.isArray(messages)) return;
  const called = new Map<string, string>();
  for (const message of messages) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content as unknown[]) {
      if (!isRecord(block)) continue;
      if (message.role === 'assistant' && block['type'] === 'tool_use' && typeof block['id'] === 'string' && typeof block['name'] === 'string') {
        called.set(block['id'], block['name']);
      } else if (message.role === 'user' && block['type'] === 'tool_result' && typeof block['tool_use_id'] === 'string') {
        const id = block['tool_use_id'];
        // A result sent as an error (a call refused, or a run that failed) is no evidence the tool was right.
        if (block['is_error'] === true) continue;
        const name = called.get(id);
        if (name === undefined || reported.has(id) || toolSearch.isSearchCall({ type: 'tool_use', name }) || toolSearch.toolFor(name) === undefined) continue;
        reported.add(id);
        if (reported.size > MAX_REPORTED) reported.delete(reported.values().next().value!);
        toolSearch.called(name);
      }
    }
  }
}
