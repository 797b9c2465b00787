import type { ContentBlockParam, MessageParam } from '../api-types.js';
import { SERVER_SEARCH_TOOL_NAMES } from '../tool-search/constants.js';

type Block = Record<string, unknown>;

function isBlock(value: unknown): value is Block {
  return typeof value === 'object' && value !== null;
}

function text(value: string): ContentBlockParam {
  return { type: 'text', text: value };
}

function names(references: unknown): string[] {
  if (!Array.isArray(references)) return [];
  return references.filter((item): item is Block => isBlock(item) && item['type'] === 'tool_reference').map((item) => String(item['tool_name']));
}

function rewriteToolResult(block: Block): Block {
  const content = block['content'];
  if (!Array.isArray(content)) return block;
  const loaded = names(content);
  if (loaded.length === 0) return block;
  const rest = content.filter((item) => !(isBlock(item) && item['type'] === 'tool_reference'));
  return { ...block, content: [...rest, text(`Loaded tools: ${loaded.join(', ')}.`)] };
}

function rewriteBlock(block: unknown): unknown {
  if (!isBlock(block)) return block;
  switch (block['type']) {
    case 'tool_result':
      return rewriteToolResult(block);
    case 'server_tool_use':
      return typeof block['name'] === 'string' && SERVER_SEARCH_TOOL_NAMES.includes(block['name'])
        ? text(`Searched tools with ${JSON.stringify(block['input'] ?? {})}.`)
        : block;
    case 'tool_search_tool_result': {
      const content = isBlock(block['content']) ? block['content'] : {};
      const found = names(content['tool_references']);
      if (content['type'] === 'tool_search_tool_result_error') return text(`Tool search failed: ${String(content['error_code'])}.`);
      return text(found.length === 0 ? 'Tool search found nothing.' : `Tool search found: ${found.join(', ')}.`);
    }
    default:
      return block;
  }
}

/**
 * The conversation as a deployment without tool search accepts it:
 * `tool_reference` blocks in `tool_result`s become a text line naming the
 * tools ("Loaded tools: a, b."), and server-side search calls and their
 * `tool_search_tool_result` blocks become text. Messages without such
 * blocks are returned as the same objects; the input is not changed.
 */
export function withoutToolSearch(messages: readonly MessageParam[]): MessageParam[] {
  return messages.map((message) => {
    if (!Array.isArray(message.content)) return message;
    let changed = false;
    const content = message.content.map((block) => {
      const rewritten = rewriteBlock(block);
      if (rewritten !== block) changed = true;
      return rewritten;
    });
    return changed ? ({ ...message, content } as MessageParam) : message;
  });
}
