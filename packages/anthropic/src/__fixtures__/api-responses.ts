import type { LoopbackReply } from './loopback-server.js';

let counter = 0;

/** A documented Messages API response with these content blocks. */
export function messageReply(content: readonly Record<string, unknown>[], stopReason = 'end_turn'): LoopbackReply {
  counter++;
  return {
    body: {
      id: `msg_${counter}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 20 },
    },
  };
}

/** A `tool_use` block. */
export function toolUse(id: string, name: string, input: Record<string, unknown>): Record<string, unknown> {
  return { type: 'tool_use', id, name, input };
}

/** A text block. */
export function text(value: string): Record<string, unknown> {
  return { type: 'text', text: value };
}

/** The documented error body, `{ type: 'error', error: { type, message } }`, with its status. */
export function errorReply(message: string, status = 400, type = 'invalid_request_error'): LoopbackReply {
  return { status, body: { type: 'error', error: { type, message } } };
}
