/** Output items as the Responses API sends them. */
export const toolSearchCall = (callId: string, query: string) => ({
  type: 'tool_search_call',
  id: `ts_${callId}`,
  call_id: callId,
  execution: 'client',
  status: 'completed',
  arguments: { query },
});

export const functionCall = (callId: string, name: string, args: Record<string, unknown>) => ({
  type: 'function_call',
  id: `fc_${callId}`,
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});

export const message = (text: string) => ({
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

/** The input items of a request body. */
export function inputOf(body: Record<string, unknown>): Record<string, unknown>[] {
  const input = body['input'];
  return Array.isArray(input) ? (input as Record<string, unknown>[]) : [];
}

/** The tool_search_output items of a request body. */
export function searchOutputs(body: Record<string, unknown>): Record<string, unknown>[] {
  return inputOf(body).filter((item) => item['type'] === 'tool_search_output');
}
