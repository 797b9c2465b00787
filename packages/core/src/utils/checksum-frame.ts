import type { LoadoutError } from '../errors/loadout-error.js';
import { fnv1a32Bytes } from './fnv1a.js';

/** Bytes before the payload: 4 magic, u16 version, u16 flags. */
export const FRAME_HEADER_BYTES = 8;
/** Bytes after the payload: the u32 checksum. */
export const FRAME_TRAILER_BYTES = 4;

/** Which file kind a frame holds, and how a reader reports damage. */
export interface FrameFormat {
  /** Exactly 4 bytes that open every file of this kind (e.g. `LBMF`). */
  readonly magic: Uint8Array;
  /** The format version written; a reader accepts only this one. 0–65,535. */
  readonly version: number;
  /**
   * Builds the `index-corrupt` error thrown for damage; `reason` is a short
   * phrase (`checksum mismatch`, `unsupported format version 9`, …) and
   * `details` carries the structured context (`version` for a version mismatch).
   */
  readonly corrupt: (reason: string, details?: Record<string, unknown>) => LoadoutError;
}

/** What {@link openFrame} returns: the payload (a view, not a copy) and the header's flags word. */
export interface OpenedFrame {
  readonly payload: Uint8Array;
  /** The u16 the writer passed as `flags` (format-specific; 0 by default). */
  readonly flags: number;
}

/**
 * Wraps `payload` in the one framing every Loadout index and cache file uses
 * (the BM25F blob, the embedding cache, the word-vector table, the HNSW
 * sidecar): little-endian `magic` (4 bytes), u16 `version`, u16 `flags`, the
 * payload, then a u32 32-bit FNV-1a checksum of everything before it. Pure.
 */
export function sealFrame(format: FrameFormat, payload: Uint8Array, flags = 0): Uint8Array {
  const bytes = new Uint8Array(FRAME_HEADER_BYTES + payload.length + FRAME_TRAILER_BYTES);
  bytes.set(format.magic.subarray(0, 4));
  bytes[4] = format.version & 0xff;
  bytes[5] = (format.version >>> 8) & 0xff;
  bytes[6] = flags & 0xff;
  bytes[7] = (flags >>> 8) & 0xff;
  bytes.set(payload, FRAME_HEADER_BYTES);
  const end = FRAME_HEADER_BYTES + payload.length;
  const checksum = fnv1a32Bytes(bytes, 0, end);
  bytes[end] = checksum & 0xff;
  bytes[end + 1] = (checksum >>> 8) & 0xff;
  bytes[end + 2] = (checksum >>> 16) & 0xff;
  bytes[end + 3] = (checksum >>> 24) & 0xff;
  return bytes;
}

/** The u16 format version of a frame (after checking its magic), or undefined when `bytes` is not one of `format`. */
export function frameVersion(bytes: unknown, format: FrameFormat): number | undefined {
  if (!(bytes instanceof Uint8Array) || bytes.length < FRAME_HEADER_BYTES + FRAME_TRAILER_BYTES) return undefined;
  for (let index = 0; index < 4; index++) if (bytes[index] !== format.magic[index]) return undefined;
  return bytes[4]! | (bytes[5]! << 8);
}

/**
 * Checks and opens a frame written by {@link sealFrame}: the magic, the
 * version (exactly `format.version`) and the checksum, in that order. Throws
 * `format.corrupt(reason)` for anything else, with the reasons `not a
 * Uint8Array`, `too short`, `bad magic bytes`, `unsupported format version N`
 * (details `{ version }`) and `checksum mismatch`; never a TypeError or
 * RangeError. Any change of one byte is detected. Pure.
 */
export function openFrame(bytes: unknown, format: FrameFormat): OpenedFrame {
  if (!(bytes instanceof Uint8Array)) throw format.corrupt('not a Uint8Array');
  if (bytes.length < FRAME_HEADER_BYTES + FRAME_TRAILER_BYTES) throw format.corrupt('too short', { length: bytes.length });
  const version = frameVersion(bytes, format);
  if (version === undefined) throw format.corrupt('bad magic bytes');
  if (version !== format.version) throw format.corrupt(`unsupported format version ${version}`, { version });
  const end = bytes.length - FRAME_TRAILER_BYTES;
  const stored = (bytes[end]! | (bytes[end + 1]! << 8) | (bytes[end + 2]! << 16) | (bytes[end + 3]! << 24)) >>> 0;
  if (fnv1a32Bytes(bytes, 0, end) !== stored) throw format.corrupt('checksum mismatch');
  return { payload: bytes.subarray(FRAME_HEADER_BYTES, end), flags: bytes[6]! | (bytes[7]! << 8) };
}
