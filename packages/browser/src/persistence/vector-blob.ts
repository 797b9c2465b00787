import { createLoadoutError } from '@loadout/core';

const MAGIC = 0x5856444c; // "LDVX" read as little-endian u32
const VERSION = 1;

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

function corrupt(message: string): never {
  throw createLoadoutError('index-corrupt', `@loadout/browser: stored vectors ${message}`);
}

/**
 * Layout (little-endian): u32 magic `LDVX`, u32 version, u32 dimensions,
 * u32 count, u32 fingerprint bytes + UTF-8; per key u32 bytes + UTF-8; zero
 * padding to a multiple of 4; `count × dimensions` float32 values.
 */
export function encodeVectorSet(set: VectorSet): Uint8Array {
  const encoder = new TextEncoder();
  const fingerprint = encoder.encode(set.fingerprint);
  const keys = set.keys.map((key) => encoder.encode(key));
  let header = 20 + fingerprint.length;
  for (const key of keys) header += 4 + key.length;
  const valuesOffset = Math.ceil(header / 4) * 4;
  const bytes = new Uint8Array(valuesOffset + set.values.length * 4);
  const view = new DataView(bytes.buffer);
  [MAGIC, VERSION, set.dimensions, keys.length, fingerprint.length].forEach((value, index) => view.setUint32(index * 4, value, true));
  bytes.set(fingerprint, 20);
  let offset = 20 + fingerprint.length;
  for (const key of keys) {
    view.setUint32(offset, key.length, true);
    bytes.set(key, offset + 4);
    offset += 4 + key.length;
  }
  for (let index = 0; index < set.values.length; index++) view.setFloat32(valuesOffset + index * 4, set.values[index]!, true);
  return bytes;
}

/** Reads a blob written by {@link encodeVectorSet}; throws `index-corrupt` on anything else. */
export function decodeVectorSet(bytes: Uint8Array): VectorSet {
  if (bytes.length < 20) corrupt(`are too short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [magic, version, dimensions, count, fingerprintLength] = [0, 1, 2, 3, 4].map((index) => view.getUint32(index * 4, true)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (magic !== MAGIC) corrupt('have the wrong magic number');
  if (version !== VERSION) corrupt(`have unsupported version ${version}`);
  if (dimensions < 1 || dimensions > 65_536) corrupt(`have invalid dimensions ${dimensions}`);
  const decoder = new TextDecoder('utf-8');
  let offset = 20;
  const take = (length: number): Uint8Array => {
    if (offset + length > bytes.length) corrupt('end early');
    const slice = bytes.subarray(offset, offset + length);
    offset += length;
    return slice;
  };
  const fingerprint = decoder.decode(take(fingerprintLength));
  const keys: string[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 4 > bytes.length) corrupt('end early');
    const length = view.getUint32(offset, true);
    offset += 4;
    keys.push(decoder.decode(take(length)));
  }
  const valuesOffset = Math.ceil(offset / 4) * 4;
  if (valuesOffset + count * dimensions * 4 !== bytes.length) {
    corrupt(`have ${bytes.length} bytes where the header implies ${valuesOffset + count * dimensions * 4}`);
  }
  const values = new Float32Array(count * dimensions);
  for (let index = 0; index < values.length; index++) values[index] = view.getFloat32(valuesOffset + index * 4, true);
  return { fingerprint, dimensions, keys, values };
}
