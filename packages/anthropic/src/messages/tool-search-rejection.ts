/**
 * How a deployment rejected tool search:
 * - `reference-not-found`: "Tool reference '<name>' not found in available tools";
 * - `all-deferred`: "At least one tool must have defer_loading=false";
 * - `unsupported`: any other 400 naming `defer_loading`, `tool_reference`,
 *   the search tool types, the tool-search beta or the `anthropic-beta` header.
 */
export type ToolSearchRejectionKind = 'reference-not-found' | 'all-deferred' | 'unsupported';

/** A recognised rejection. */
export interface ToolSearchRejection {
  readonly kind: ToolSearchRejectionKind;
  readonly status: number;
  /** The API's error message. */
  readonly message: string;
}

const PATTERNS: readonly (readonly [ToolSearchRejectionKind, RegExp])[] = [
  ['reference-not-found', /tool reference '[^']*' not found in available tools/i],
  ['all-deferred', /at least one tool must have defer_loading\s*=\s*false/i],
  ['unsupported', /defer_loading|tool_reference|tool_search_tool|advanced-tool-use|anthropic-beta/i],
];

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** The error message of an `@anthropic-ai/sdk` APIError (or a look-alike from another copy of the SDK). */
function apiMessage(error: Record<string, unknown>): string | undefined {
  if (typeof error['apiMessage'] === 'string') return error['apiMessage'];
  const body = record(error['error']);
  const inner = record(body?.['error']);
  if (typeof inner?.['message'] === 'string') return inner['message'];
  if (typeof body?.['message'] === 'string') return body['message'];
  return typeof error['message'] === 'string' ? error['message'] : undefined;
}

/**
 * Recognises a 400 by which a deployment (the API, a gateway, a cloud
 * provider) rejects tool search; null for every other error. Reads the
 * error structurally, so errors of any copy of `@anthropic-ai/sdk` work.
 */
export function toolSearchRejection(error: unknown): ToolSearchRejection | null {
  const fields = record(error);
  if (fields === undefined || fields['status'] !== 400) return null;
  const message = apiMessage(fields);
  if (message === undefined) return null;
  for (const [kind, pattern] of PATTERNS) if (pattern.test(message)) return { kind, status: 400, message };
  return null;
}
