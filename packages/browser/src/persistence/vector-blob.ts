import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';

/** A set of vectors as persisted: what it was built from (`fingerprint`), and one vector per key. */
export interface VectorSet {
  /** The embedding ranker's catalog fingerprint (model id and embedded texts). */
  readonly fingerprint: string;
  /** Entries per vector; 1–65,536. */
  readonly dimensions: number;
  readonly keys: readonly string[];
  /** `keys.length × dimensions` values, row-major. */
  readonly values: Float32Array;
}

function corrupt(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('index-corrupt', `@loadout/browser: stored vectors are corrupt: ${reason}`, { reason, ...details });
}

/** `LDVX`, version 2 (version 1 had no checksum), in the shared checksum frame of `@loadout/core`. */
const VECTOR_SET_FRAME: FrameFormat = { magic: Uint8Array.of(0x4c, 0x44, 0x56, 0x58), version: 2, corrupt };

/**
 * Layout, inside the shared checksum frame (`sealFrame`: magic `LDVX`, u16
 * version 2, u16 flags 0, …, u32 FNV-1a checksum), little-endian: u32
 * dimensions, u32 count, u32 fingerprint bytes + UTF-8; per key u32 bytes +
 * UTF-8; zero padding to a multiple of 4; `count × dimensions` float32 values.
 */
export function encodeVectorSet(set: VectorSet): Uint8Array {
  const encoder = new TextEncoder();
  const fingerprint = encoder.encode(set.fingerprint);
  const keys = set.keys.map((key) => encoder.encode(key));
  let header = 12 + fingerprint.length;
  for (const key of keys) header += 4 + key.length;
  const valuesOffset = Math.ceil(header / 4) * 4;
  const bytes = new Uint8Array(valuesOffset + set.values.length * 4);
  const view = new DataView(bytes.buffer);
  [set.dimensions, keys.length, fingerprint.length].forEach((value, index) => view.setUint32(index * 4, value, true));
  bytes.set(fingerprint, 12);
  let offset = 12 + fingerprint.length;
  for (const key of keys) {
    view.setUint32(offset, key.length, true);
    bytes.set(key, offset + 4);
    offset += 4 + key.length;
  }
  for (let index = 0; index < set.values.length; index++) view.setFloat32(valuesOffset + index * 4, set.values[index]!, true);
  return sealFrame(VECTOR_SET_FRAME, bytes);
}

/**
 * Reads a blob written by {@link encodeVectorSet}; throws `index-corrupt` on
 * anything else: another blob, a changed byte (checksum), version 1, or a
 * checksummed blob whose sizes do not add up or that holds invalid UTF-8.
 */
export function decodeVectorSet(blob: Uint8Array): VectorSet {
  const { payload: bytes } = openFrame(blob, VECTOR_SET_FRAME);
  if (bytes.length < 12) throw corrupt(`payload too short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [dimensions, count, fingerprintLength] = [0, 1, 2].map((index) => view.getUint32(index * 4, true)) as [number, number, number];
  if (dimensions < 1 || dimensions > 65_536) throw corrupt(`invalid dimensions ${dimensions}`);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 12;
  const take = (length: number): string => {
    if (offset + length > bytes.length) throw corrupt('sizes exceed the data');
    const slice = bytes.subarray(offset, offset + length);
    offset += length;
    try {
      return decoder.decode(slice);
    } catch {
      throw corrupt('text is not UTF-8');
    }
  };
  const fingerprint = take(fingerprintLength);
  if (count > (bytes.length - offset) / 4) throw corrupt(`${count} keys cannot fit`);
  const keys: string[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 4 > bytes.length) throw corrupt('sizes exceed the data');
    const length = view.getUint32(offset, true);
    offset += 4;
    keys.push(take(length));
  }
  const valuesOffset = Math.ceil(offset / 4) * 4;
  if (valuesOffset + count * dimensions * 4 !== bytes.length) {
    throw corrupt(`${bytes.length} bytes where the header implies ${valuesOffset + count * dimensions * 4}`);
  }
  const values = new Float32Array(count * dimensions);
  for (let index = 0; index < values.length; index++) values[index] = view.getFloat32(valuesOffset + index * 4, true);
  return { fingerprint, dimensions, keys, values };
}
