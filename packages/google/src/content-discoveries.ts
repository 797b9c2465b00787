import type { ToolDiscovery } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';

/** The `loaded` list of a search function's response. */
function loadedNames(response: unknown): string[] {
  const loaded = isRecord(response) ? response['loaded'] : undefined;
  return Array.isArray(loaded) ? loaded.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * Every answer of the search function in a conversation's contents
 * (`functionResponse` parts named `searchToolName`), with the tools it
 * loaded. An answer is keyed by its call `id`, or, when the Gemini API gave
 * none, by the tools it loaded (two such answers loading the same tools are
 * one discovery: a tool stays loaded while either is present).
 */
export function contentDiscoveries(contents: readonly unknown[], searchToolName: string): ToolDiscovery[] {
  const found: ToolDiscovery[] = [];
  for (const content of contents) {
    const parts = isRecord(content) && Array.isArray(content['parts']) ? content['parts'] : [];
    for (const part of parts) {
      const response = isRecord(part) ? part['functionResponse'] : undefined;
      if (!isRecord(response) || response['name'] !== searchToolName) continue;
      const names = loadedNames(response['response']);
      if (names.length === 0) continue;
      const id = response['id'];
      found.push({ callId: typeof id === 'string' && id !== '' ? id : `loaded:${JSON.stringify(names)}`, toolNames: names });
    }
  }
  return found;
}
