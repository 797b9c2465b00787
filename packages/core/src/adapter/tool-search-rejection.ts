import { isRecord } from '../utils/is-record.js';

/** A 400 by which a deployment rejected tool search. */
export interface ToolSearchRejection {
  readonly status: number;
  /** The API's error message. */
  readonly message: string;
}

function apiMessage(error: Record<string, unknown>): string | undefined {
  const body = isRecord(error['error']) ? error['error'] : undefined;
  const inner = body !== undefined && isRecord(body['error']) ? body['error'] : undefined;
  if (typeof inner?.['message'] === 'string') return inner['message'];
  if (typeof body?.['message'] === 'string') return body['message'];
  return typeof error['message'] === 'string' ? error['message'] : undefined;
}

/**
 * Recognises a 400 (or 422) whose message names a tool-search feature
 * (`pattern`: for the Responses API `tool_search`, `tool_search_output`,
 * `defer_loading`, `namespace`; for gateways `defer_loading`,
 * `tool_reference`); null for every other error, which is thrown unchanged.
 * Reads the error structurally (`status`, `error.error.message`,
 * `error.message`, `message`), so errors of any copy of a provider SDK
 * (`openai`, `@google/genai`) work.
 */
export function toolSearchRejection(error: unknown, pattern: RegExp): ToolSearchRejection | null {
  if (!isRecord(error)) return null;
  const status = error['status'];
  if (status !== 400 && status !== 422) return null;
  const message = apiMessage(error);
  if (message === undefined || !pattern.test(message)) return null;
  return { status, message };
}
