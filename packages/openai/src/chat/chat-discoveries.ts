import { plainAnswerNames } from '@loadout/core/adapter';
import type { ToolDiscovery } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import type { ChatMessage } from './chat-types.js';

function searchCallIds(messages: readonly ChatMessage[], searchToolName: string): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message['role'] !== 'assistant' || !Array.isArray(message['tool_calls'])) continue;
    for (const call of message['tool_calls']) {
      if (isRecord(call) && typeof call['id'] === 'string' && isRecord(call['function']) && call['function']['name'] === searchToolName) ids.add(call['id']);
    }
  }
  return ids;
}

/** API names a search answer's content loads: `tool_reference` blocks, or the `loaded` list of a JSON answer. */
export function answerNames(content: unknown): string[] {
  if (Array.isArray(content)) {
    return content.flatMap((part) => (isRecord(part) && part['type'] === 'tool_reference' && typeof part['tool_name'] === 'string' ? [part['tool_name']] : []));
  }
  return plainAnswerNames(content);
}

/** Every tool message of the conversation that answers a call of the search function, with the tools it loaded. */
export function chatDiscoveries(messages: readonly ChatMessage[], searchToolName: string): ToolDiscovery[] {
  const ids = searchCallIds(messages, searchToolName);
  const found: ToolDiscovery[] = [];
  for (const message of messages) {
    const callId = message['tool_call_id'];
    if (message['role'] !== 'tool' || typeof callId !== 'string' || !ids.has(callId)) continue;
    const names = answerNames(message['content']);
    if (names.length > 0) found.push({ callId, toolNames: names });
  }
  return found;
}

/** The conversation with `tool_reference` answers turned into JSON text, for a gateway that rejects them. */
export function withoutToolReferences(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((message) =>
    message['role'] === 'tool' && Array.isArray(message['content']) && message['content'].some((part) => isRecord(part) && part['type'] === 'tool_reference')
      ? { ...message, content: JSON.stringify({ loaded: answerNames(message['content']) }) }
      : message,
  );
}
