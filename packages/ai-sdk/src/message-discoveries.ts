import { isRecord } from '@loadout/core/utils';
import type { ToolDiscovery } from '@loadout/core/adapter';
import type { ModelMessage } from 'ai';


/** The `loaded` list of a search tool's JSON output. */
function loadedNames(output: unknown): string[] {
  if (!isRecord(output) || output['type'] !== 'json' || !isRecord(output['value'])) return [];
  const loaded = output['value']['loaded'];
  return Array.isArray(loaded) ? loaded.filter((name): name is string => typeof name === 'string') : [];
}

/** Every result of the search tool in the messages (tool-result parts), with the tools it loaded. */
export function messageDiscoveries(messages: readonly ModelMessage[], searchToolName: string): ToolDiscovery[] {
  const found: ToolDiscovery[] = [];
  for (const message of messages) {
    if (message.role !== 'tool' || !Array.isArray(message.content)) continue;
    for (const part of message.content as readonly unknown[]) {
      if (!isRecord(part) || part['type'] !== 'tool-result' || part['toolName'] !== searchToolName || typeof part['toolCallId'] !== 'string') continue;
      const names = loadedNames(part['output']);
      if (names.length > 0) found.push({ callId: part['toolCallId'], toolNames: names });
    }
  }
  return found;
}
