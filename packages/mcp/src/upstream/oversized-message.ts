import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { tryParseJson } from '@loadout/core';

/** `data.marker` of the error the gateway answers in place of a message over its size limit. */
export const RESULT_TOO_LARGE_MARKER = 'loadout-message-over-limit';
/** `data.marker` of the error the gateway answers in place of a malformed response. */
export const MALFORMED_MESSAGE_MARKER = 'loadout-message-malformed';

/** A line from an upstream's stdout that is not a JSON-RPC message: dropped, only its size kept. */
export interface MalformedLine {
  /** Its length in bytes (UTF-8, without the line break). */
  readonly bytes: number;
  /** `not-json`: it does not parse; `not-json-rpc`: it parses, but is no JSON-RPC message. */
  readonly problem: 'not-json' | 'not-json-rpc';
  /** The JSON-RPC id of the response it looks like, when its first or last bytes show one: that request is answered with an error. */
  readonly id?: string | number;
}

/** A message from an upstream that was over its size limit and never held in memory whole. */
export interface OversizedMessage {
  /** Its length in bytes (UTF-8, without the line break). */
  readonly bytes: number;
  /** The limit it exceeded, in bytes. */
  readonly limit: number;
  /** Its JSON-RPC id, when it is a response whose id could be read from its first or last bytes. */
  readonly id?: string | number;
}

const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}`);
const TAIL_ID = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID}\s*\}\s*$`);
const HEAD_REQUEST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?(?:"id"\s*:\s*${ID}\s*,\s*)?"method"\s*:`);

/**
 * The JSON-RPC id of a response from the first and last bytes of its line
 * (`head`, `tail`: a few hundred characters each), without parsing the rest:
 * JSON-RPC libraries write `id` first (`{"jsonrpc":"2.0","id":…`) or last
 * (`…,"jsonrpc":"2.0","id":…}`, the MCP TypeScript SDK). Undefined for a
 * request or notification (it has a `method`), or when neither end shows it.
 */
export function responseIdOf(head: string, tail: string): string | number | undefined {
  if (HEAD_REQUEST.test(head)) return undefined;
  const found = HEAD_ID.exec(head) ?? TAIL_ID.exec(tail);
  if (found === null) return undefined;
  const id = tryParseJson(found[1]!);
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * The JSON-RPC error delivered to the gateway's MCP client in place of an
 * over-limit response, so only the request it answers fails (with
 * `data.marker` {@link RESULT_TOO_LARGE_MARKER}, which the call classifier
 * turns into `mcp-result-too-large`) and the connection carries on.
 */
export function oversizedResponse(message: OversizedMessage & { readonly id: string | number }): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: -32603,
      message: `the upstream's answer was ${message.bytes} bytes, more than the limit of ${message.limit}`,
      data: { marker: RESULT_TOO_LARGE_MARKER, bytes: message.bytes, limit: message.limit },
    },
  };
}

/** The size and limit an error answered in place of an over-limit message carries, or undefined for any other error data. */
export function overLimitOf(data: unknown): { bytes: number; limit: number } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { marker, bytes, limit } = data as { marker?: unknown; bytes?: unknown; limit?: unknown };
  return marker === RESULT_TOO_LARGE_MARKER && typeof bytes === 'number' && typeof limit === 'number' ? { bytes, limit } : undefined;
}

/**
 * The JSON-RPC error delivered in place of a malformed response whose id
 * could be read, so the call it answers fails at once (with `data.marker`
 * {@link MALFORMED_MESSAGE_MARKER}: `mcp-invalid-result`) instead of waiting
 * for its timeout.
 */
export function malformedResponse(line: MalformedLine & { readonly id: string | number }): JSONRPCMessage {
  const what = line.problem === 'not-json' ? 'not valid JSON' : 'not a JSON-RPC message';
  return {
    jsonrpc: '2.0',
    id: line.id,
    error: { code: -32603, message: `the upstream's answer (${line.bytes} bytes) was ${what}`, data: { marker: MALFORMED_MESSAGE_MARKER, bytes: line.bytes, problem: line.problem } },
  };
}

/** The size and problem an error answered in place of a malformed response carries, or undefined for any other error data. */
export function malformedOf(data: unknown): Pick<MalformedLine, 'bytes' | 'problem'> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { marker, bytes, problem } = data as { marker?: unknown; bytes?: unknown; problem?: unknown };
  return marker === MALFORMED_MESSAGE_MARKER && typeof bytes === 'number' && (problem === 'not-json' || problem === 'not-json-rpc') ? { bytes, problem } : undefined;
}
