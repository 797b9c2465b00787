/** An append-only little-endian byte buffer with unsigned LEB128 varints. */
export interface ByteWriter {
  byte(value: number): void;
  varint(value: number): void;
  bytes(value: Uint8Array): void;
  uint32(value: number): void;
  /** The bytes written so far (a copy of exactly that length). */
  finish(): Uint8Array;
  readonly length: number;
}

/** A writer starting with `initialCapacity` bytes of room. */
export function createByteWriter(initialCapacity = 1024): ByteWriter {
  let buffer = new Uint8Array(initialCapacity);
  let length = 0;
  const ensure = (extra: number): void => {
    if (length + extra <= buffer.length) return;
    let capacity = buffer.length * 2;
    while (capacity < length + extra) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(buffer.subarray(0, length));
    buffer = next;
  };
  return {
    byte(value) {
      ensure(1);
      buffer[length++] = value & 0xff;
    },
    varint(value) {
      ensure(5);
      let rest = value >>> 0;
      while (rest >= 0x80) {
        buffer[length++] = (rest & 0x7f) | 0x80;
        rest >>>= 7;
      }
      buffer[length++] = rest;
    },
    bytes(value) {
      ensure(value.length);
      buffer.set(value, length);
      length += value.length;
    },
    uint32(value) {
      ensure(4);
      buffer[length++] = value & 0xff;
      buffer[length++] = (value >>> 8) & 0xff;
      buffer[length++] = (value >>> 16) & 0xff;
      buffer[length++] = (value >>> 24) & 0xff;
    },
    finish() {
      return buffer.slice(0, length);
    },
    get length() {
      return length;
    },
  };
}
