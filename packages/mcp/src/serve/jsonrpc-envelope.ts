/** JSON-RPC's "Invalid Request" error code. */
export const INVALID_REQUEST_CODE = -32600;

/** JSON-RPC's "Invalid params" code: a body the gateway will not take apart (e.g. nested too deep). */
export const INVALID_PARAMS_CODE = -32602;

/** JSON-RPC's "Parse error" code: the body is not JSON at all. */
export const PARSE_ERROR_CODE = -32700;

/** A JSON-RPC error the HTTP layer answers itself, before the MCP transport sees the body. */
export interface EnvelopeProblem {
  readonly message: string;
  /** The offending message's id, when it had a usable one; else `null`. */
  readonly id: string | number | null;
}

/** The id of a parsed JSON-RPC message (not of a batch), or `null` when it has no usable one. */
export function idOf(message: unknown): string | number | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/**
 * Checks the JSON-RPC envelope of a parsed POST body the way JSON-RPC 2.0
 * answers it: an empty batch, and `params` that are neither an object nor an
 * array, are "Invalid Request" (-32600), not parse errors. Returns the first
 * problem, or undefined when the transport may take the body.
 */
export function checkJsonRpcEnvelope(body: unknown): EnvelopeProblem | undefined {
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0) return { message: 'Invalid Request: an empty batch', id: null };
  for (const message of messages) {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return { message: 'Invalid Request: a message must be a JSON object', id: null };
    }
    const params = (message as { params?: unknown }).params;
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return { message: 'Invalid Request: params must be an object or an array', id: idOf(message) };
    }
  }
  return undefined;
}

const REQUEST_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `message` is, at a glance, a JSON-RPC request or notification the
 * MCP SDK's `JSONRPCMessageSchema` accepts unchanged: `jsonrpc` "2.0", a
 * string `method`, a string or integer `id` (requests), object `params`
 * without `_meta` (or with a `_meta` holding nothing but other keys and a
 * string or integer `progressToken`), and no other key. It is a fast path:
 * false says nothing, the caller then validates with the schema.
 */
export function isPlainJsonRpcCall(message: unknown): boolean {
  if (!isPlainRecord(message) || message['jsonrpc'] !== '2.0' || typeof message['method'] !== 'string') return false;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return false;
  const id = message['id'];
  if (id !== undefined && typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  const params = message['params'];
  if (params === undefined) return true;
  if (!isPlainRecord(params)) return false;
  const meta = params['_meta'];
  if (meta === undefined) return true;
  if (!isPlainRecord(meta) || 'io.modelcontextprotocol/related-task' in meta) return false;
  const token = meta['progressToken'];
  return token === undefined || typeof token === 'string' || Number.isSafeInteger(token);
}
