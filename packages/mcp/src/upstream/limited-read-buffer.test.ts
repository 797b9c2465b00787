import { describe, expect, it } from 'vitest';
import { createLimitedReadBuffer } from './limited-read-buffer.js';
import type { OversizedMessage } from './oversized-message.js';

function buffer(listings = new Set<string | number>()) {
  const dropped: OversizedMessage[] = [];
  const read = createLimitedReadBuffer({ messageBytes: 100, listingBytes: 1000, listings, onDropped: (message) => dropped.push(message) });
  const drain = () => {
    const messages: unknown[] = [];
    for (let message = read.readMessage(); message !== null; message = read.readMessage()) messages.push(message);
    return messages;
  };
  return { read, dropped, drain, listings };
}

/** `text` cut into chunks of `size` bytes, as a pipe delivers it. */
function chunks(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) out.push(bytes.subarray(start, start + size));
  return out;
}

const small = { jsonrpc: '2.0', id: 1, result: { content: [] } };

describe('createLimitedReadBuffer', () => {
  it('reads messages split across chunks and several per chunk, skipping lines that are not JSON', () => {
    const { read, drain } = buffer();
    const text = `${JSON.stringify(small)}\nnot json\r\n${JSON.stringify({ ...small, id: 2 })}\r\n${JSON.stringify({ ...small, id: 3 })}`;
    for (const chunk of chunks(text, 7)) read.append(chunk);
    expect(drain()).toEqual([small, { ...small, id: 2 }]);
    read.append(Buffer.from('\n'));
    expect(drain()).toEqual([{ ...small, id: 3 }]);
  });

  it('answers a response over the limit with an error for its id (written last, as the TypeScript SDK does), then carries on', () => {
    const { read, drain, dropped } = buffer();
    const big = `{"result":{"content":[{"type":"text","text":"${'x'.repeat(5000)}"}]},"jsonrpc":"2.0","id":42}`;
    for (const chunk of chunks(`${big}\n${JSON.stringify(small)}\n`, 64)) read.append(chunk);
    expect(drain()).toEqual([
      {
        jsonrpc: '2.0',
        id: 42,
        error: {
          code: -32603,
          message: `the upstream's answer was ${Buffer.byteLength(big)} bytes, more than the limit of 100`,
          data: { marker: 'loadout-message-over-limit', bytes: Buffer.byteLength(big), limit: 100 },
        },
      },
      small,
    ]);
    expect(dropped).toEqual([]);
  });

  it('finds a string id written first, and drops an over-limit request or notification with a report', () => {
    const { read, drain, dropped } = buffer();
    const notification = `{"method":"notifications/message","params":{"data":"${'z'.repeat(300)}"},"jsonrpc":"2.0"}`;
    const request = `{"jsonrpc":"2.0","id":5,"method":"sampling/createMessage","params":{"x":"${'z'.repeat(300)}"}}`;
    read.append(Buffer.from(`{"jsonrpc":"2.0","id":"call-7","result":{"text":"${'y'.repeat(300)}"}}\n`));
    read.append(Buffer.from(`${notification}\n${request}\n`));
    expect(drain()).toMatchObject([{ id: 'call-7', error: { data: { limit: 100 } } }]);
    expect(dropped.map(({ bytes }) => bytes)).toEqual([notification.length, request.length]);
  });

  it('holds a line up to the listing limit while a tools/list is awaited, and delivers it only to that listing', () => {
    const listings = new Set<string | number>([3]);
    const { read, drain } = buffer(listings);
    const page = { result: { tools: [{ name: 'a', description: 'd'.repeat(400), inputSchema: { type: 'object' } }] }, jsonrpc: '2.0', id: 3 };
    const call = { result: { content: [{ type: 'text', text: 'c'.repeat(400) }] }, jsonrpc: '2.0', id: 4 };
    read.append(Buffer.from(`${JSON.stringify(call)}\n${JSON.stringify(page)}\n`));
    const [callAnswer, pageAnswer] = drain() as [{ id: number; error?: unknown }, unknown];
    expect(callAnswer).toMatchObject({ id: 4, error: { code: -32603 } });
    expect(pageAnswer).toEqual(page);
    expect(listings.size).toBe(0);
  });

  it('never holds more than the limit of a line that does not end', () => {
    const { read, drain, dropped } = buffer();
    const piece = Buffer.from('a'.repeat(64 * 1024));
    for (let index = 0; index < 160; index++) read.append(piece);
    expect(drain()).toEqual([]);
    read.append(Buffer.from('\n'));
    expect(dropped).toEqual([{ bytes: 160 * 64 * 1024, limit: 100 }]);
  });

  it('reports lines that are not JSON-RPC messages by size, and answers a broken response whose id shows with an error (trial 3420)', () => {
    const malformed: unknown[] = [];
    const read = createLimitedReadBuffer({ messageBytes: 1000, listingBytes: 1000, listings: new Set(), onDropped: () => {}, onMalformed: (line) => malformed.push(line) });
    read.append(Buffer.from(`DEBUG: x\n{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"unterminated\n{"no":"rpc"}\n${JSON.stringify(small)}\n`));
    const messages: unknown[] = [];
    for (let message = read.readMessage(); message !== null; message = read.readMessage()) messages.push(message);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32603, message: "the upstream's answer (80 bytes) was not valid JSON", data: { marker: 'loadout-message-malformed', bytes: 80, problem: 'not-json' } } },
      small,
    ]);
    expect(malformed).toEqual([
      { bytes: 8, problem: 'not-json' },
      { bytes: 80, problem: 'not-json', id: 7 },
      { bytes: 12, problem: 'not-json-rpc' },
    ]);
  });
});
