import type { JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/server';

/** A JSON-RPC error object, as a reply carries it. */
export interface ReplyError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A {@link Transport} that knows which requests still wait for their reply; see {@link answeringTransport}. */
export interface AnsweringTransport extends Transport {
  /**
   * Answers every request still waiting for its reply with `error` (its
   * JSON-RPC error reply); a reply the server sends for one of them later is
   * dropped. Resolves once the replies are written (or failed to be).
   */
  answerPending(error: ReplyError): Promise<void>;
  /** Requests received and not answered yet. */
  readonly pendingCount: number;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } {
  return 'method' in message && 'id' in message;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return ('result' in message || 'error' in message) && 'id' in message;
}

/** A message held back until the `initialize` reply is out, and how to tell its sender it went. */
interface Held {
  readonly message: JSONRPCMessage;
  readonly options: TransportSendOptions | undefined;
  readonly sent: (outcome: Promise<void>) => void;
}

/**
 * `inner` (the stdio transport), counting each request it receives until its
 * reply goes out, so a shutdown can answer the ones in flight
 * (`answerPending`) before the connection closes, as HTTP does, instead of
 * exiting with them unanswered. While an `initialize` request waits for its
 * reply, every other message the server sends (a `list_changed` of a search
 * the client pipelined behind it, a reply) is held and sent right after that
 * reply, in order: nothing reaches the client before its handshake's answer
 * (3468).
 */
export function answeringTransport(inner: Transport): AnsweringTransport {
  const pending = new Set<RequestId>();
  /** Requests answered by `answerPending`: their late replies are not sent. */
  const answered = new Set<RequestId>();
  /** The `initialize` request waiting for its reply, if any. */
  let handshake: RequestId | undefined;
  let held: Held[] = [];
  /** Sends what was held (or, when `drop`, lets it go unsent: the handshake failed, nobody reads it). */
  const release = (drop: boolean): void => {
    const waiting = held;
    held = [];
    for (const { message, options, sent } of waiting) sent(drop ? Promise.resolve() : inner.send(message, options));
  };
  const transport: AnsweringTransport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message: JSONRPCMessage, options?: TransportSendOptions) {
      if (isResponse(message)) {
        if (answered.has(message.id)) return;
        pending.delete(message.id);
        if (handshake !== undefined && message.id === handshake) {
          handshake = undefined;
          const sending = inner.send(message, options);
          release(false);
          return sending;
        }
      }
      if (handshake !== undefined) return new Promise<void>((resolve, reject) => held.push({ message, options, sent: (outcome) => outcome.then(resolve, reject) }));
      return inner.send(message, options);
    },
    setProtocolVersion: (version: string) => inner.setProtocolVersion?.(version),
    async answerPending(error) {
      const ids = [...pending];
      pending.clear();
      for (const id of ids) answered.add(id);
      // The handshake is answered (with the error) among them: what was held behind it is not sent.
      handshake = undefined;
      release(true);
      await Promise.all(ids.map((id) => inner.send({ jsonrpc: '2.0', id, error } as JSONRPCMessage).catch(() => {})));
    },
    get pendingCount() {
      return pending.size;
    },
  };
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    if (isRequest(message)) {
      // An id answered at shutdown and sent again is a new request.
      answered.delete(message.id);
      pending.add(message.id);
      if (message.method === 'initialize') handshake = message.id;
    }
    transport.onmessage?.(message, extra);
  };
  inner.onclose = () => transport.onclose?.();
  inner.onerror = (error: Error) => transport.onerror?.(error);
  return transport;
}
