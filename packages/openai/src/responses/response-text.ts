import { isRecord } from '@loadout/core/utils';
import type { ResponseLike } from './responses-types.js';

/** The assistant text of a response: `output_text` when the client computed it, else the `output_text` parts of its messages. */
export function responseText(response: ResponseLike): string {
  if (typeof response.output_text === 'string') return response.output_text;
  const parts: string[] = [];
  for (const item of response.output) {
    if (!isRecord(item) || item['type'] !== 'message' || !Array.isArray(item['content'])) continue;
    for (const part of item['content']) if (isRecord(part) && part['type'] === 'output_text' && typeof part['text'] === 'string') parts.push(part['text']);
  }
  return parts.join('');
}
