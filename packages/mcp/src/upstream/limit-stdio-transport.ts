import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createLimitedReadBuffer, type StdioReadBuffer } from './limited-read-buffer.js';
import type { MalformedLine, OversizedMessage } from './oversized-message.js';

/** Options of {@link limitStdioTransport}. */
export interface StdioMessageLimits {
  /** Largest message an upstream may send (a call's result), in bytes. */
  readonly messageBytes: number;
  /** Largest `tools/list` page, in bytes. */
  readonly listingBytes: number;
  /** Told about a message over the limit that answered no request (it was dropped). */
  readonly onDropped: (message: OversizedMessage) => void;
  /** Told about a line that is not a JSON-RPC message (it was dropped). Default: nothing. */
  readonly onMalformed?: (line: MalformedLine) => void;
}

function isReadBuffer(value: unknown): value is StdioReadBuffer {
  const buffer = value as Partial<StdioReadBuffer> | undefined;
  return typeof buffer?.append === 'function' && typeof buffer.readMessage === 'function' && typeof buffer.clear === 'function';
}

/**
 * Puts the gateway's message limits in front of the MCP SDK's stdio
 * transport: its read buffer (the SDK's closes the transport on a message
 * over `maxBufferSize`) is replaced by {@link createLimitedReadBuffer}, and
 * the `tools/list` requests it sends are tracked so a listing page may be
 * larger than a call's result. The transport stays the SDK's own class (its
 * version negotiation probes a sibling process only for that exact class).
 * Throws when the SDK's transport no longer has the buffer this relies on
 * (a changed SDK fails loudly here, never silently unlimited).
 */
export function limitStdioTransport(transport: StdioClientTransport, limits: StdioMessageLimits): void {
  const internals = transport as unknown as { _readBuffer?: unknown };
  if (!isReadBuffer(internals._readBuffer)) {
    throw new Error('the MCP SDK stdio transport has no read buffer the gateway can limit (SDK version changed?)');
  }
  const listings = new Set<string | number>();
  internals._readBuffer = createLimitedReadBuffer({
    messageBytes: limits.messageBytes,
    listingBytes: limits.listingBytes,
    listings,
    onDropped: limits.onDropped,
    ...(limits.onMalformed === undefined ? {} : { onMalformed: limits.onMalformed }),
  });
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'tools/list' && 'id' in message) listings.add(message.id);
    return send(message);
  };
}
