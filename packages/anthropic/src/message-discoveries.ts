import type { ToolDiscovery } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import type { MessageParam } from './api-types.js';

function referenceNames(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  const names: string[] = [];
  for (const block of blocks) {
    if (isRecord(block) && block['type'] === 'tool_reference' && typeof block['tool_name'] === 'string') names.push(block['tool_name']);
  }
  return names;
}

function discoveryOf(block: unknown): ToolDiscovery | null {
  if (!isRecord(block) || typeof block['tool_use_id'] !== 'string') return null;
  let names: string[] = [];
  if (block['type'] === 'tool_result') {
    names = referenceNames(block['content']);
  } else if (block['type'] === 'tool_search_tool_result') {
    const content = block['content'];
    if (isRecord(content) && content['type'] === 'tool_search_tool_search_result') names = referenceNames(content['tool_references']);
  }
  return names.length === 0 ? null : { callId: block['tool_use_id'], toolNames: names };
}

/**
 * Every tool-loading result in a message: `tool_result` blocks whose content
 * holds `tool_reference` blocks (client-side search, or any tool that
 * returns references) and `tool_search_tool_result` blocks (server-side
 * search), each under its `tool_use_id` (core's {@link ToolDiscovery}, what
 * a `DiscoverySession` syncs). Results without references are left out.
 */
export function messageDiscoveries(message: MessageParam): ToolDiscovery[] {
  if (!Array.isArray(message.content)) return [];
  const found: ToolDiscovery[] = [];
  for (const block of message.content) {
    const discovery = discoveryOf(block);
    if (discovery !== null) found.push(discovery);
  }
  return found;
}

/** {@link messageDiscoveries} of every message, in order. */
export function conversationDiscoveries(messages: readonly MessageParam[]): ToolDiscovery[] {
  return messages.flatMap(messageDiscoveries);
}
