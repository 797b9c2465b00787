import { answerNames } from '../chat/chat-discoveries.js';
import type { DoubleReply, DoubleRequest } from './api-double.js';

/** What {@link searchingChatModel} does. */
export interface SearchingChatModelOptions {
  /** The search function's name. Default `search_tools`. */
  readonly searchToolName?: string;
  readonly query: string;
  /** Calls the first loaded tool whose name ends with this. */
  readonly toolSuffix: string;
  readonly args: Record<string, unknown>;
  readonly finalText: string;
}

/**
 * A Chat Completions "model" for {@link startApiDouble}: it calls the search
 * function (call id `call_search_1`), then the loaded tool matching
 * `toolSuffix` (call id `call_fn_1`) once the search answer names it
 * (`tool_reference` blocks or a JSON `loaded` list), then answers `finalText`.
 */
export function searchingChatModel(options: SearchingChatModelOptions): (request: DoubleRequest) => DoubleReply {
  const call = (id: string, name: string, args: Record<string, unknown>) => ({
    role: 'assistant',
    content: null,
    tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  });
  return (request) => {
    const messages = Array.isArray(request.body['messages']) ? (request.body['messages'] as Record<string, unknown>[]) : [];
    if (messages.some((message) => message['tool_call_id'] === 'call_fn_1')) return { output: [{ role: 'assistant', content: options.finalText }] };
    const answer = messages.find((message) => message['tool_call_id'] === 'call_search_1');
    if (answer === undefined) return { output: [call('call_search_1', options.searchToolName ?? 'search_tools', { query: options.query })] };
    const name = answerNames(answer['content']).find((tool) => tool.endsWith(options.toolSuffix));
    if (name === undefined) return { output: [{ role: 'assistant', content: 'No matching tool was loaded.' }] };
    return { output: [call('call_fn_1', name, options.args)] };
  };
}
