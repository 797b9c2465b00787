/** Assistant messages as Chat Completions sends them. */
export const assistantCalls = (...calls: [id: string, name: string, args: Record<string, unknown>][]) => ({
  role: 'assistant',
  content: null,
  tool_calls: calls.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })),
});

export const assistantText = (text: string) => ({ role: 'assistant', content: text });

/** The messages of a request body. */
export function messagesOf(body: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(body['messages']) ? (body['messages'] as Record<string, unknown>[]) : [];
}

/** The function names a request declares, with `*` after deferred ones. */
export function declared(body: Record<string, unknown>): string[] {
  return ((body['tools'] ?? []) as { function: { name: string }; defer_loading?: boolean }[]).map((tool) => `${tool.function.name}${tool.defer_loading === true ? '*' : ''}`);
}
