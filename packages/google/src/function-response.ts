import type { GeminiFunctionResponse } from './gemini-types.js';

/**
 * A function's output text (core's `answerFunctionCall`: the handler's
 * result, or an error object as JSON) as a Gemini `functionResponse`: a
 * JSON object is the response itself, anything else is `{ output }`.
 */
export function functionResponse(name: string, id: string | undefined, text: string): GeminiFunctionResponse {
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Plain text stays text.
  }
  const response = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { output: value };
  return { ...(id === undefined || id === '' ? {} : { id }), name, response };
}
