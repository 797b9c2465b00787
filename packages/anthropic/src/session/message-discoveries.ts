import { isRecord } from '@loadout/core/utils';
import type { MessageParam } from '../api-types.js';

/** Tools one result block loaded: the block's `tool_use_id` and the referenced names, in order. */
export interface Discovery {
  readonly toolUseId: string;
  readonly toolNames: readonly string[];
}


function referenceNames(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  const names: string[] = [];
  for (const block of blocks) {
    if (isRecord(block) && block['type'] === 'tool_reference' && typeof block['tool_name'] === 'string') names.push(block['tool_name']);
  }
  return names;
}

function discoveryOf(block: unknown): Discovery | null {
  if (!isRecord(block) || typeof block['tool_use_id'] !== 'string') return null;
  let names: string[] = [];
  if (block['type'] === 'tool_result') {
    names = referenceNames(block['content']);
  } else if (block['type'] === 'tool_search_tool_result') {
    const content = block['content'];
    if (isRecord(content) && content['type'] === 'tool_search_tool_search_result') names = referenceNames(content['tool_references']);
  }
  return names.length === 0 ? null : { toolUseId: block['tool_use_id'], toolNames: names };
}

/**
 * Every tool-loading result in a message: `tool_result` blocks whose content
 * holds `tool_reference` blocks (client-side search, or any tool that
 * returns references) and `tool_search_tool_result` blocks (server-side
 * search). Results without references are left out.
 */
export function messageDiscoveries(message: MessageParam): Discovery[] {
  if (!Array.isArray(message.content)) return [];
  const found: Discovery[] = [];
  for (const block of message.content) {
    const discovery = discoveryOf(block);
    if (discovery !== null) found.push(discovery);
  }
  return found;
}

/** {@link messageDiscoveries} of every message, in order. */
export function conversationDiscoveries(messages: readonly MessageParam[]): Discovery[] {
  return messages.flatMap(messageDiscoveries);
}
