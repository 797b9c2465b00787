import type { MockLanguageModelV3 } from 'ai/test';

type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

/** A mock model reply calling one tool. */
export const callReply = (toolCallId: string, toolName: string, input: Record<string, unknown>): LanguageModelV3GenerateResult => ({
  content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
});

/** A mock model reply with text. */
export const textReply = (text: string): LanguageModelV3GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
  warnings: [],
});
