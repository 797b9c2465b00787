import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';

/** Reads what {@link createByteWriter} wrote; every overrun or malformed value throws `index-corrupt`. */
export interface ByteReader {
  byte(): number;
  varint(): number;
  bytes(length: number): Uint8Array;
  uint32(): number;
  readonly offset: number;
  readonly remaining: number;
}

/** A corrupt-index error; `reason` says what was wrong. */
export function corruptIndex(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('index-corrupt', `@loadout/bm25: the serialized BM25F index is corrupt or does not fit: ${reason}`, {
    reason,
    ...details,
  });
}

/** A reader over `data[0 .. end)`. */
export function createByteReader(data: Uint8Array, end = data.length): ByteReader {
  let offset = 0;
  const need = (count: number): void => {
    if (offset + count > end) throw corruptIndex('truncated data', { offset });
  };
  return {
    byte() {
      need(1);
      return data[offset++]!;
    },
    varint() {
      let value = 0;
      for (let shift = 0; shift < 35; shift += 7) {
        need(1);
        const byte = data[offset++]!;
        value += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) {
          if (value > 0xffffffff) throw corruptIndex('varint out of range', { offset });
          return value;
        }
      }
      throw corruptIndex('varint too long', { offset });
    },
    bytes(length) {
      need(length);
      const value = data.subarray(offset, offset + length);
      offset += length;
      return value;
    },
    uint32() {
      need(4);
      const value = (data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)) >>> 0;
      offset += 4;
      return value;
    },
    get offset() {
      return offset;
    },
    get remaining() {
      return end - offset;
    },
  };
}
