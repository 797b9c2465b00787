import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  isInitializeRequest,
  isJsonContentType,
  specTypeSchemas,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { replyError } from './http-reply.js';

/** `data` of a request the transport refuses as malformed (400, 405, 406, 409, 415). */
const INVALID_INPUT = { code: 'invalid-input' } as const;
/** `data` of a request to a session that is gone (404, -32001). */
const SESSION_NOT_FOUND = { code: 'mcp-session-not-found' } as const;
import { isPlainJsonRpcCall } from './jsonrpc-envelope.js';

/** Most messages in one POSTed batch (as the MCP SDK's transport). */
export const MAX_BATCH_MESSAGES = 100;
/** Interval of the `: keepalive` comment on an SSE stream left open, in ms (as the MCP SDK's transport). */
export const SSE_KEEP_ALIVE_MS = 15_000;

/** Options of {@link createSessionTransport}. */
export interface SessionTransportOptions {
  /** Makes the session id when the session's `initialize` arrives. */
  readonly sessionIdGenerator: () => string;
  /** Called with the new id before the `initialize` request is handed to the server. */
  readonly onsessioninitialized?: (sessionId: string) => void;
  /** Called when the client ends the session with DELETE, before the transport closes. */
  readonly onsessionclosed?: (sessionId: string) => void;
  /**
   * Largest answer to one POST, in bytes: a reply that would pass it is
   * replaced by the short error -32603 `mcp-response-too-large` (under 400
   * bytes; every request gets its reply), notifications past it are
   * dropped. Default: unbounded.
   */
  readonly maxResponseBytes?: number;
}

/** JSON-RPC "Internal error", the code of a reply replaced for its size. */
const INTERNAL_ERROR_CODE = -32603;

/**
 * The server side of MCP's streamable HTTP transport for one session, on
 * `node:http` directly: {@link Transport} for the SDK's `Server`, and
 * `handle` for each HTTP request of the session. It speaks what the MCP
 * SDK's `StreamableHTTPServerTransport` speaks (no event store):
 *
 * - POST: `Accept` must name `application/json` and `text/event-stream`
 *   (406), `Content-Type` must be JSON (415), at most
 *   {@link MAX_BATCH_MESSAGES} messages (400), each a JSON-RPC message (400,
 *   -32700), no request id already in flight in the session or repeated in
 *   the batch (400, -32600; the first request keeps its stream); one `initialize` opens the session, later requests need its
 *   `mcp-session-id` (400 without, 404 for another) and a supported
 *   `mcp-protocol-version` when they send one (400). A plain request or
 *   notification is taken as it is, anything else is checked with the SDK's
 *   schema (`isPlainJsonRpcCall`). Notifications and responses get 202; requests get an SSE stream of their replies (and the
 *   notifications sent for them), ended after the last reply. Replies ready
 *   before the event loop turns (a synchronous search) go out as one body
 *   with a `Content-Length`; otherwise the stream starts then, with a
 *   keep-alive comment every {@link SSE_KEEP_ALIVE_MS} ms.
 * - GET: the session's one standalone SSE stream for server-initiated
 *   messages (409 for a second one); 406 without `text/event-stream`.
 * - DELETE: ends the session (200).
 *
 * Unlike the SDK's transport it converts nothing to web `Request`/`Response`
 * objects and streams: each reply is serialised once and written to the
 * Node response, which is what a gateway answering thousands of searches a
 * second spends its time on. Security checks (Host, Origin, token, body
 * size, session caps) stay with the caller, before `handle`.
 */
export interface SessionTransport extends Transport {
  /** Handles one HTTP request of this session; `body` is the parsed POST body. */
  handle(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void>;
  /**
   * Answers every request still waiting for its reply with `error` (its
   * JSON-RPC error reply, on its own stream) and ends those streams. A reply
   * the server sends for one of them later is not written: `send` rejects
   * for it as for any id it does not know.
   */
  answerPending(error: { readonly code: number; readonly message: string; readonly data?: unknown }): void;
}

interface RequestStream {
  readonly response: ServerResponse;
  /** Requests of this POST still waiting for their reply. */
  readonly pending: Set<RequestId>;
  /** Events written before the stream started (sent as one body when every reply is ready first). */
  events: string[];
  /** Bytes of JSON sent or queued on this stream. */
  bytes: number;
  streaming: boolean;
  /** False once ended or after the client went away. */
  open: boolean;
  keepAlive?: NodeJS.Timeout;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id?: RequestId } {
  return 'result' in message || 'error' in message;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } {
  return 'method' in message && 'id' in message;
}

function serverSentEvent(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** Creates a {@link SessionTransport}. */
export function createSessionTransport(options: SessionTransportOptions): SessionTransport {
  const maxResponseBytes = options.maxResponseBytes ?? Number.POSITIVE_INFINITY;
  const tooLarge = (id: RequestId, bytes: number): string =>
    serverSentEvent({
      jsonrpc: '2.0',
      id,
      error: {
        code: INTERNAL_ERROR_CODE,
        message: `response too large: this reply is ${bytes} bytes, one HTTP answer may hold ${maxResponseBytes}; ask for less or split the batch`,
        data: { code: 'mcp-response-too-large', bytes, limit: maxResponseBytes },
      },
    } as JSONRPCMessage);
  let started = false;
  let initialized = false;
  let closed = false;
  let sessionId: string | undefined;
  const requests = new Map<RequestId, RequestStream>();
  let standalone: { readonly response: ServerResponse; readonly keepAlive: NodeJS.Timeout } | undefined;

  const sseHeaders = (): Record<string, string> => {
    const headers: Record<string, string> = {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    };
    if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
    return headers;
  };
  const keepAlive = (response: ServerResponse): NodeJS.Timeout => {
    const timer = setInterval(() => {
      if (!response.writableEnded) response.write(': keepalive\n\n');
    }, SSE_KEEP_ALIVE_MS);
    timer.unref();
    return timer;
  };

  const release = (stream: RequestStream): void => {
    stream.open = false;
    clearInterval(stream.keepAlive);
    for (const id of stream.pending) if (requests.get(id) === stream) requests.delete(id);
  };
  const startStreaming = (stream: RequestStream): void => {
    if (!stream.open || stream.streaming) return;
    stream.streaming = true;
    stream.response.writeHead(200, sseHeaders());
    stream.response.flushHeaders();
    for (const event of stream.events) stream.response.write(event);
    stream.events = [];
    stream.keepAlive = keepAlive(stream.response);
  };
  const finish = (stream: RequestStream): void => {
    release(stream);
    if (stream.streaming) {
      stream.response.end();
      return;
    }
    const body = stream.events.join('');
    stream.events = [];
    stream.response.writeHead(200, { ...sseHeaders(), 'content-length': String(Buffer.byteLength(body)) });
    stream.response.end(body);
  };

  /** The error to answer a request that is not the session's own, or undefined. */
  const checkSession = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (!initialized) {
      replyError(response, 400, 'Bad Request: Server not initialized', INVALID_INPUT);
      return false;
    }
    const given = header(request, 'mcp-session-id');
    if (given === undefined || given === '') {
      replyError(response, 400, 'Bad Request: Mcp-Session-Id header is required', INVALID_INPUT);
      return false;
    }
    if (given !== sessionId) {
      replyError(response, 404, 'Session not found', SESSION_NOT_FOUND, {}, -32001);
      return false;
    }
    const version = header(request, 'mcp-protocol-version');
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      replyError(
        response,
        400,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        INVALID_INPUT,
      );
      return false;
    }
    return true;
  };

  const post = (request: IncomingMessage, response: ServerResponse, body: unknown): void => {
    const accept = header(request, 'accept');
    if (accept === undefined || !accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return replyError(response, 406, 'Not Acceptable: Client must accept both application/json and text/event-stream', INVALID_INPUT);
    }
    if (!isJsonContentType(header(request, 'content-type'))) {
      return replyError(response, 415, 'Unsupported Media Type: Content-Type must be application/json', INVALID_INPUT);
    }
    const raw = Array.isArray(body) ? body : [body];
    if (raw.length > MAX_BATCH_MESSAGES) {
      return replyError(response, 400, `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages`, INVALID_INPUT, {}, -32600);
    }
    const messages: JSONRPCMessage[] = [];
    for (const item of raw) {
      if (isPlainJsonRpcCall(item)) {
        messages.push(item as JSONRPCMessage);
        continue;
      }
      const parsed = specTypeSchemas.JSONRPCMessage['~standard'].validate(item);
      if (parsed.issues !== undefined) return replyError(response, 400, 'Parse error: Invalid JSON-RPC message', INVALID_INPUT, {}, -32700);
      messages.push(parsed.value);
    }
    const initializing = messages.some((message) => 'method' in message && message.method === 'initialize' && isInitializeRequest(message));
    if (initializing) {
      if (initialized) return replyError(response, 400, 'Invalid Request: Server already initialized', INVALID_INPUT, {}, -32600);
      if (messages.length > 1) return replyError(response, 400, 'Invalid Request: Only one initialization request is allowed', INVALID_INPUT, {}, -32600);
      sessionId = options.sessionIdGenerator();
      initialized = true;
      options.onsessioninitialized?.(sessionId);
    } else if (!checkSession(request, response)) {
      return;
    }
    // The gateway's handlers read nothing of the HTTP request.
    const extra: MessageExtraInfo = {};
    if (!messages.some(isRequest)) {
      for (const message of messages) transport.onmessage?.(message, extra);
      response.writeHead(202).end();
      return;
    }
    // A request id already in flight in this session (or twice in one batch) is refused: the first keeps its stream.
    const ids = new Set<RequestId>();
    for (const message of messages) {
      if (!isRequest(message)) continue;
      if (requests.has(message.id) || ids.has(message.id)) {
        return replyError(response, 400, `Invalid Request: request id ${JSON.stringify(message.id)} is already in flight in this session; use a new id`, INVALID_INPUT, {}, -32600, message.id);
      }
      ids.add(message.id);
    }
    const stream: RequestStream = { response, pending: new Set(), events: [], bytes: 0, streaming: false, open: true };
    for (const message of messages) {
      if (!isRequest(message)) continue;
      stream.pending.add(message.id);
      requests.set(message.id, stream);
    }
    response.once('close', () => {
      if (stream.open) release(stream);
    });
    try {
      for (const message of messages) transport.onmessage?.(message, extra);
    } catch (error) {
      release(stream);
      throw error;
    }
    // Replies not ready by the next turn of the event loop are streamed as they come.
    if (stream.open) setImmediate(() => startStreaming(stream));
  };

  const get = (request: IncomingMessage, response: ServerResponse): void => {
    if (!header(request, 'accept')?.includes('text/event-stream')) {
      return replyError(response, 406, 'Not Acceptable: Client must accept text/event-stream', INVALID_INPUT);
    }
    if (!checkSession(request, response)) return;
    if (standalone !== undefined) return replyError(response, 409, 'Conflict: Only one SSE stream is allowed per session', INVALID_INPUT);
    response.writeHead(200, sseHeaders());
    response.flushHeaders();
    const stream = { response, keepAlive: keepAlive(response) };
    standalone = stream;
    response.once('close', () => {
      clearInterval(stream.keepAlive);
      if (standalone === stream) standalone = undefined;
    });
  };

  const remove = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!checkSession(request, response)) return;
    try {
      options.onsessionclosed?.(sessionId!);
      response.writeHead(200).end();
    } finally {
      await transport.close();
    }
  };

  const transport: SessionTransport = {
    get sessionId() {
      return sessionId;
    },
    async start() {
      if (started) throw new Error('Transport already started');
      started = true;
    },
    async handle(request, response, body) {
      if (closed) return replyError(response, 404, 'Session not found', SESSION_NOT_FOUND, {}, -32001);
      if (request.method === 'POST') return post(request, response, body);
      if (request.method === 'GET') return get(request, response);
      if (request.method === 'DELETE') return remove(request, response);
      return replyError(response, 405, 'Method not allowed.', INVALID_INPUT, { allow: 'GET, POST, DELETE' });
    },
    async send(message, sendOptions?: TransportSendOptions) {
      const reply = isResponse(message);
      const id = reply ? message.id : sendOptions?.relatedRequestId;
      if (id === undefined) {
        if (reply) throw new Error('Cannot send a response on a standalone SSE stream unless resuming a previous client request');
        if (standalone !== undefined && !standalone.response.writableEnded) standalone.response.write(serverSentEvent(message));
        return;
      }
      const stream = requests.get(id);
      if (stream === undefined) throw new Error(`No connection established for request ID: ${String(id)}`);
      let event: string | undefined;
      try {
        event = serverSentEvent(message);
      } catch (error) {
        transport.onerror?.(error as Error);
      }
      if (event !== undefined) {
        const bytes = Buffer.byteLength(event);
        if (stream.bytes + bytes > maxResponseBytes) event = reply ? tooLarge(id, bytes) : undefined;
        if (event !== undefined) stream.bytes += Buffer.byteLength(event);
      }
      if (event !== undefined) {
        if (stream.streaming) stream.response.write(event);
        else stream.events.push(event);
      }
      if (!reply) return;
      stream.pending.delete(id);
      requests.delete(id);
      if (stream.pending.size === 0) finish(stream);
    },
    answerPending(error) {
      for (const stream of new Set(requests.values())) {
        for (const id of stream.pending) {
          const event = serverSentEvent({ jsonrpc: '2.0', id, error } as JSONRPCMessage);
          if (stream.streaming) stream.response.write(event);
          else stream.events.push(event);
        }
        finish(stream);
      }
      requests.clear();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const stream of new Set(requests.values())) {
        release(stream);
        if (!stream.response.headersSent) stream.response.writeHead(200, sseHeaders());
        stream.response.end();
      }
      requests.clear();
      if (standalone !== undefined) {
        clearInterval(standalone.keepAlive);
        standalone.response.end();
        standalone = undefined;
      }
      transport.onclose?.();
    },
  };
  return transport;
}
