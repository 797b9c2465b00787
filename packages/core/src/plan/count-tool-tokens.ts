import type { CatalogTool } from '../catalog/tool.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { renderToolDefinition } from './render-tool-definition.js';

/** The result of {@link countToolTokens}. */
export interface ToolTokenCount {
  /** A non-negative integer. */
  readonly tokens: number;
  /** False when the input schema could not be serialised and was counted as `{}`. */
  readonly renderable: boolean;
}

function readCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * Tokens of one tool's definition: its own `tokens` when given (even if a mod
 * rewrote the description), else `counter` over {@link renderToolDefinition}.
 * A count that is not a non-negative finite number reads as 0, and a schema
 * that cannot be serialised is counted as `{}`; never throws unless `counter` does.
 */
export function countToolTokens(tool: CatalogTool, description: string, counter: TokenCounter): ToolTokenCount {
  if (tool.tokens !== undefined && Number.isSafeInteger(tool.tokens) && tool.tokens >= 0) {
    return { tokens: tool.tokens, renderable: true };
  }
  let text: string;
  let renderable = true;
  try {
    text = renderToolDefinition(tool, description);
  } catch {
    text = JSON.stringify({ name: tool.apiName, description, input_schema: {} });
    renderable = false;
  }
  return { tokens: readCount(counter.count(text)), renderable };
}
