import { tryParseJson } from '@loadout/core';
import { isRecord } from '@loadout/core/utils';
import type { GeminiFunctionResponse } from './gemini-types.js';

/**
 * A function's output text (core's `answerFunctionCall`: the handler's
 * result, or an error object as JSON) as a Gemini `functionResponse`: a
 * JSON object is the response itself, anything else is `{ output }`.
 */
export function functionResponse(name: string, id: string | undefined, text: string): GeminiFunctionResponse {
  const parsed = tryParseJson(text);
  const value = parsed === undefined ? text : parsed; // plain text stays text
  const response = isRecord(value) ? value : { output: value };
  return { ...(id === undefined || id === '' ? {} : { id }), name, response };
}
