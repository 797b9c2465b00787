import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';
import type { WordVectorTable } from './word-vector-table.js';

/** Format version written; version 1 (no checksum) is refused with a rebuild hint. */
export const WORD_VECTOR_TABLE_VERSION = 2;
const COUNTS_BYTES = 16;
const MAX_DIMENSIONS = 4096;

function corrupt(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  const version = details['version'];
  const message =
    typeof version === 'number' && version < WORD_VECTOR_TABLE_VERSION
      ? `was written by an older Loadout (format version ${version}, this one reads ${WORD_VECTOR_TABLE_VERSION}); ` +
        'rebuild it with `pnpm --filter @loadout/embeddings build` or compactWordVectorFile()'
      : `is corrupt: ${reason}`;
  return createLoadoutError('index-corrupt', `@loadout/embeddings: word-vector table ${message}`, { reason, ...details });
}

/** `LDWV`, version 2, in the shared checksum frame of `@loadout/core`. */
const TABLE_FRAME: FrameFormat = { magic: Uint8Array.of(0x4c, 0x44, 0x57, 0x56), version: WORD_VECTOR_TABLE_VERSION, corrupt };

/**
 * Serialises a table inside the shared checksum frame (`sealFrame`: magic
 * `LDWV`, u16 version 2, u16 flags 0, …, u32 FNV-1a checksum). The payload,
 * little-endian: u32 dimensions, rows, vocabulary size and word bytes, then
 * ranks (u32), scales (f32), values (i8) and the words as UTF-8 joined by
 * newlines. Pure.
 */
export function encodeWordVectorTable(table: WordVectorTable): Uint8Array {
  const count = table.words.length;
  if (table.words.some((word) => word.includes('\n'))) {
    throw createLoadoutError('invalid-input', '@loadout/embeddings: table words must not contain a newline');
  }
  const wordBytes = new TextEncoder().encode(table.words.join('\n'));
  const ranksOffset = COUNTS_BYTES;
  const scalesOffset = ranksOffset + count * 4;
  const valuesOffset = scalesOffset + count * 4;
  const wordsOffset = valuesOffset + count * table.dimensions;
  const payload = new Uint8Array(wordsOffset + wordBytes.length);
  const view = new DataView(payload.buffer);
  [table.dimensions, count, table.vocabularySize, wordBytes.length].forEach((value, index) => view.setUint32(index * 4, value, true));
  for (let row = 0; row < count; row++) {
    view.setUint32(ranksOffset + row * 4, table.ranks[row]!, true);
    view.setFloat32(scalesOffset + row * 4, table.scales[row]!, true);
  }
  payload.set(new Uint8Array(table.values.buffer, table.values.byteOffset, table.values.byteLength), valuesOffset);
  payload.set(wordBytes, wordsOffset);
  return sealFrame(TABLE_FRAME, payload);
}

/**
 * Reads a table written by {@link encodeWordVectorTable}. Throws
 * `index-corrupt` for anything else: another file, a changed byte (checksum),
 * a version-1 table (with a rebuild hint), or a checksummed but inconsistent
 * table (sizes that do not add up, a scale that is not a finite non-negative
 * number, invalid UTF-8, a word count that differs from the rows). Pure.
 */
export function decodeWordVectorTable(bytes: Uint8Array): WordVectorTable {
  const { payload } = openFrame(bytes, TABLE_FRAME);
  if (payload.length < COUNTS_BYTES) throw corrupt('payload too short', { length: payload.length });
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const [dimensions, count, vocabularySize, wordsLength] = [0, 1, 2, 3].map((index) => view.getUint32(index * 4, true)) as [number, number, number, number];
  if (dimensions < 1 || dimensions > MAX_DIMENSIONS) throw corrupt(`invalid dimensions ${dimensions}`, { dimensions });
  const scalesOffset = COUNTS_BYTES + count * 4;
  const valuesOffset = scalesOffset + count * 4;
  const wordsOffset = valuesOffset + count * dimensions;
  if (wordsOffset + wordsLength !== payload.length) {
    throw corrupt(`${payload.length} payload bytes where the counts imply ${wordsOffset + wordsLength}`, { count, dimensions, wordsLength });
  }
  if (vocabularySize < count) throw corrupt(`vocabulary size ${vocabularySize} below its ${count} rows`);
  const ranks = new Uint32Array(count);
  const scales = new Float32Array(count);
  for (let row = 0; row < count; row++) {
    ranks[row] = view.getUint32(COUNTS_BYTES + row * 4, true);
    const scale = view.getFloat32(scalesOffset + row * 4, true);
    if (!(scale >= 0 && scale < Number.POSITIVE_INFINITY)) throw corrupt(`row ${row} has scale ${scale}`, { row });
    scales[row] = scale;
  }
  const values = new Int8Array(count * dimensions);
  values.set(new Int8Array(payload.buffer, payload.byteOffset + valuesOffset, count * dimensions));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(payload.subarray(wordsOffset));
  } catch {
    throw corrupt('words are not UTF-8');
  }
  const words = count === 0 ? [] : text.split('\n');
  if (words.length !== count || (count === 0 && text.length > 0)) throw corrupt(`${words.length} words for ${count} rows`);
  return { dimensions, vocabularySize, words, ranks, scales, values };
}
