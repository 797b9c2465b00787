import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { oversizedResponse, responseIdOf, type OversizedMessage } from './oversized-message.js';

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
}

/** The shape of the MCP SDK's stdio `ReadBuffer`, which {@link createLimitedReadBuffer} stands in for. */
export interface StdioReadBuffer {
  append(chunk: Uint8Array): void;
  readMessage(): JSONRPCMessage | null;
  clear(): void;
}

/**
 * A stdio read buffer that survives messages over the size limit. The MCP
 * SDK's buffer throws once a line exceeds its limit and the transport then
 * closes (the upstream restarted, every call in flight lost); this one drops
 * such a line as it streams in, keeping only its length and both ends, and
 * answers the request it belongs to with a JSON-RPC error instead
 * ({@link oversizedResponse}). Lines that are not JSON are skipped, as the
 * SDK does.
 */
export function createLimitedReadBuffer(options: LimitedReadBufferOptions): StdioReadBuffer {
  const ready: (Buffer | JSONRPCMessage)[] = [];
  let parts: Buffer[] = [];
  let bytes = 0;
  let discarding = false;
  let head: Buffer = Buffer.alloc(0);
  let tail: Buffer = Buffer.alloc(0);

  const limit = (): number => (options.listings.size > 0 ? Math.max(options.listingBytes, options.messageBytes) : options.messageBytes);
  const keepTail = (piece: Buffer): void => {
    tail = piece.length >= END_BYTES ? piece.subarray(piece.length - END_BYTES) : Buffer.concat([tail, piece]).subarray(-END_BYTES);
  };
  const oversized = (first: Buffer, last: Buffer): void => {
    const id = responseIdOf(first.toString('utf8'), last.toString('utf8'));
    const listing = id !== undefined && options.listings.has(id);
    const message = { bytes, limit: listing ? Math.max(options.listingBytes, options.messageBytes) : options.messageBytes };
    if (id === undefined) options.onDropped(message);
    else ready.push(oversizedResponse({ ...message, id }));
  };
  const endLine = (): void => {
    if (discarding) oversized(head, tail);
    else if (bytes > options.messageBytes) {
      const line = Buffer.concat(parts);
      const id = responseIdOf(line.subarray(0, END_BYTES).toString('utf8'), line.subarray(-END_BYTES).toString('utf8'));
      if (id !== undefined && options.listings.has(id)) ready.push(line);
      else oversized(line.subarray(0, END_BYTES), line.subarray(-END_BYTES));
    } else if (bytes > 0) ready.push(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    parts = [];
    bytes = 0;
    discarding = false;
    head = Buffer.alloc(0);
    tail = Buffer.alloc(0);
  };
  const take = (piece: Buffer): void => {
    if (piece.length === 0) return;
    bytes += piece.length;
    if (discarding) {
      keepTail(piece);
      return;
    }
    parts.push(piece);
    if (bytes <= limit()) return;
    const held = Buffer.concat(parts);
    head = Buffer.from(held.subarray(0, END_BYTES));
    tail = Buffer.from(held.subarray(-END_BYTES));
    parts = [];
    discarding = true;
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
          if (error instanceof SyntaxError) continue;
          throw error;
        }
        if (!('method' in message) && 'id' in message && message.id !== undefined) options.listings.delete(message.id);
        return message;
      }
      return null;
    },
    clear() {
      ready.length = 0;
      parts = [];
      bytes = 0;
      discarding = false;
    },
  };
}
