import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { malformedResponse, oversizedResponse, responseIdOf, type MalformedLine, type OversizedMessage } from './oversized-message.js';

/** Bytes of each end of an over-limit line kept to read its id. */
const END_BYTES = 512;
const NEWLINE = 0x0a;

/** Options of {@link createLimitedReadBuffer}. */
export interface LimitedReadBufferOptions {
  /** Largest message, in bytes (UTF-8, without the line break). */
  readonly messageBytes: number;
  /**
   * Largest message while a `tools/list` is awaited, in bytes (at least
   * `messageBytes`): a line is held up to this size, then delivered only if
   * it answers a listing.
   */
  readonly listingBytes: number;
  /** Ids of the `tools/list` requests awaited (the transport adds them as it sends; a response removes its id). */
  readonly listings: Set<string | number>;
  /** A message over the limit that answers no request it could be matched to: it was dropped. */
  readonly onDropped: (message: OversizedMessage) => void;
  /** A line that is not a JSON-RPC message: dropped (a response whose id shows is answered with an error). Default: dropped silently. */
  readonly onMalformed?: (line: MalformedLine) => void;
}

/** The shape of the MCP SDK's stdio `ReadBuffer`, which {@link createLimitedReadBuffer} stands in for. */
export interface StdioReadBuffer {
  append(chunk: Uint8Array): void;
  readMessage(): JSONRPCMessage | null;
  clear(): void;
}

/** The line being read: held whole while within the limit, else only its length and both ends. */
type Line =
  | { readonly kind: 'held'; readonly parts: readonly Buffer[]; readonly bytes: number }
  | { readonly kind: 'dropped'; readonly head: Buffer; readonly tail: Buffer; readonly bytes: number };

const EMPTY_LINE: Line = { kind: 'held', parts: [], bytes: 0 };

/** `line` with `piece` added; a held line over `limit` becomes a dropped one (its ends copied, the rest let go). */
function lineWith(line: Line, piece: Buffer, limit: number): Line {
  const bytes = line.bytes + piece.length;
  if (line.kind === 'dropped') {
    const tail = piece.length >= END_BYTES ? piece.subarray(piece.length - END_BYTES) : Buffer.concat([line.tail, piece]).subarray(-END_BYTES);
    return { kind: 'dropped', head: line.head, tail, bytes };
  }
  const parts = [...line.parts, piece];
  if (bytes <= limit) return { kind: 'held', parts, bytes };
  const held = Buffer.concat(parts);
  return { kind: 'dropped', head: Buffer.from(held.subarray(0, END_BYTES)), tail: Buffer.from(held.subarray(-END_BYTES)), bytes };
}

/**
 * A stdio read buffer that survives messages over the size limit. The MCP
 * SDK's buffer throws once a line exceeds its limit and the transport then
 * closes (the upstream restarted, every call in flight lost); this one drops
 * such a line as it streams in, keeping only its length and both ends, and
 * answers the request it belongs to with a JSON-RPC error instead
 * ({@link oversizedResponse}). Lines that are not JSON-RPC messages are
 * skipped, as the SDK does, but reported (`onMalformed`), and one that shows
 * the id of a response answers that request with an error
 * ({@link malformedResponse}).
 */
export function createLimitedReadBuffer(options: LimitedReadBufferOptions): StdioReadBuffer {
  const ready: (Buffer | JSONRPCMessage)[] = [];
  const listingLimit = Math.max(options.listingBytes, options.messageBytes);
  let line = EMPTY_LINE;

  const oversized = (head: Buffer, tail: Buffer, bytes: number): void => {
    const id = responseIdOf(head.toString('utf8'), tail.toString('utf8'));
    const message = { bytes, limit: id !== undefined && options.listings.has(id) ? listingLimit : options.messageBytes };
    if (id === undefined) options.onDropped(message);
    else ready.push(oversizedResponse({ ...message, id }));
  };
  const endLine = (): void => {
    const ended = line;
    line = EMPTY_LINE;
    if (ended.kind === 'dropped') return oversized(ended.head, ended.tail, ended.bytes);
    if (ended.bytes === 0) return;
    const whole = ended.parts.length === 1 ? ended.parts[0]! : Buffer.concat(ended.parts);
    if (ended.bytes <= options.messageBytes) return void ready.push(whole);
    // Held past the message limit because a listing was awaited: delivered only if it answers one.
    const head = whole.subarray(0, END_BYTES);
    const tail = whole.subarray(-END_BYTES);
    const id = responseIdOf(head.toString('utf8'), tail.toString('utf8'));
    if (id !== undefined && options.listings.has(id)) ready.push(whole);
    else oversized(head, tail, ended.bytes);
  };
  const take = (piece: Buffer): void => {
    if (piece.length > 0) line = lineWith(line, piece, options.listings.size > 0 ? listingLimit : options.messageBytes);
  };

  return {
    append(chunk) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let start = 0;
      for (let end = buffer.indexOf(NEWLINE, start); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
        take(buffer.subarray(start, end));
        endLine();
        start = end + 1;
      }
      take(buffer.subarray(start));
    },
    readMessage() {
      for (let next = ready.shift(); next !== undefined; next = ready.shift()) {
        let message: JSONRPCMessage;
        try {
          message = Buffer.isBuffer(next) ? deserializeMessage(next.toString('utf8').replace(/\r$/, '')) : next;
        } catch (error) {
          const line = next as Buffer;
          const id = responseIdOf(line.subarray(0, END_BYTES).toString('utf8'), line.subarray(-END_BYTES).toString('utf8'));
          const malformed: MalformedLine = { bytes: line.length, problem: error instanceof SyntaxError ? 'not-json' : 'not-json-rpc', ...(id === undefined ? {} : { id }) };
          options.onMalformed?.(malformed);
          if (id === undefined) continue;
          // The call it answers fails now, not at its timeout.
          message = malformedResponse({ ...malformed, id });
        }
        if (!('method' in message) && 'id' in message && message.id !== undefined) options.listings.delete(message.id);
        return message;
      }
      return null;
    },
    clear() {
      ready.length = 0;
      line = EMPTY_LINE;
    },
  };
}
