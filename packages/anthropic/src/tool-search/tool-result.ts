import type { ToolResultBlock } from '../api-types.js';

/** A `tool_result` loading these tools: its content is one `tool_reference` block per API name. */
export function toolReferenceResult(toolUseId: string, apiNames: readonly string[]): ToolResultBlock {
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: apiNames.map((name) => ({ type: 'tool_reference', tool_name: name })),
  };
}

/** A plain-text `tool_result`. */
export function textResult(toolUseId: string, text: string): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content: text };
}

/** A `tool_result` with `is_error: true` and a message for the model. */
export function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, is_error: true, content: message };
}
