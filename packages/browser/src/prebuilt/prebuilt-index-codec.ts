import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { frameVersion, openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';
import { hasIndexMark, notAnIndexError } from './not-an-index.js';

/** What a prebuilt index file holds: a catalog and one ranker's saved index of it. */
export interface PrebuiltIndex {
  /** The catalog as JSON text (`{ "tools": [...], "servers": {...} }`), read as any catalog is. */
  readonly catalog: string;
  /** The ranker whose index this is (`bm25f`). */
  readonly ranker: string;
  /** That ranker's persistence format when the index was written (`lbmf2`); another version is not read. */
  readonly format: string;
  /** The index, as the ranker's persistence saved it. */
  readonly index: Uint8Array;
}

function corrupt(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('index-corrupt', `@loadout/browser: the prebuilt index is corrupt: ${reason}`, { reason, ...details });
}

/** `LDIX`, version 1, in the shared checksum frame of `@loadout/core`. */
const PREBUILT_INDEX_FRAME: FrameFormat = { magic: Uint8Array.of(0x4c, 0x44, 0x49, 0x58), version: 1, corrupt };

/** True when `bytes` open like a prebuilt index file (its magic), whatever its version or state. */
export function isPrebuiltIndex(bytes: unknown): bytes is Uint8Array {
  return frameVersion(bytes, PREBUILT_INDEX_FRAME) !== undefined;
}

/**
 * Layout, inside the shared checksum frame (`sealFrame`: magic `LDIX`, u16
 * version 1, u16 flags 0, …, u32 FNV-1a checksum), little-endian: u32
 * length + UTF-8 ranker name, u32 length + UTF-8 format, u32 length + UTF-8
 * catalog JSON, then the index bytes to the end.
 */
export function encodePrebuiltIndex(prebuilt: PrebuiltIndex): Uint8Array {
  const encoder = new TextEncoder();
  const texts = [prebuilt.ranker, prebuilt.format, prebuilt.catalog].map((text) => encoder.encode(text));
  const size = texts.reduce((total, text) => total + 4 + text.length, 0) + prebuilt.index.length;
  const payload = new Uint8Array(size);
  const view = new DataView(payload.buffer);
  let offset = 0;
  for (const text of texts) {
    view.setUint32(offset, text.length, true);
    payload.set(text, offset + 4);
    offset += 4 + text.length;
  }
  payload.set(prebuilt.index, offset);
  return sealFrame(PREBUILT_INDEX_FRAME, payload);
}

/**
 * Reads a file written by {@link encodePrebuiltIndex}; anything malformed
 * throws `index-corrupt`, bytes without its mark (a catalog's bytes) saying
 * to pass a catalog as text.
 */
export function decodePrebuiltIndex(bytes: Uint8Array): PrebuiltIndex {
  if (bytes instanceof Uint8Array && !hasIndexMark(bytes)) throw notAnIndexError(bytes);
  const { payload } = openFrame(bytes, PREBUILT_INDEX_FRAME);
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  const text = (what: string): string => {
    if (offset + 4 > payload.length) throw corrupt(`truncated before the ${what}`);
    const length = view.getUint32(offset, true);
    if (offset + 4 + length > payload.length) throw corrupt(`truncated in the ${what}`);
    let value: string;
    try {
      value = decoder.decode(payload.subarray(offset + 4, offset + 4 + length));
    } catch {
      throw corrupt(`the ${what} is not UTF-8`);
    }
    offset += 4 + length;
    return value;
  };
  const ranker = text('ranker name');
  const format = text('format');
  const catalog = text('catalog');
  return { ranker, format, catalog, index: payload.subarray(offset) };
}
