import { createLoadoutError } from '@loadout/core';
import type { WordVectorTable } from './word-vector-table.js';

const MAGIC = 0x5657444c; // "LDWV" read as little-endian u32
const VERSION = 1;
const HEADER_BYTES = 24;
const MAX_DIMENSIONS = 4096;

function corrupt(message: string): never {
  throw createLoadoutError('index-corrupt', `@loadout/embeddings: word-vector table ${message}`);
}

/**
 * Serialises a table: a 24-byte little-endian header (`LDWV`, version 1,
 * dimensions, rows, vocabulary size, word bytes), then ranks (u32), scales
 * (f32), values (i8) and the words as UTF-8 joined by newlines. Pure.
 */
export function encodeWordVectorTable(table: WordVectorTable): Uint8Array {
  const count = table.words.length;
  if (table.words.some((word) => word.includes('\n'))) {
    throw createLoadoutError('invalid-input', '@loadout/embeddings: table words must not contain a newline');
  }
  const wordBytes = new TextEncoder().encode(table.words.join('\n'));
  const ranksOffset = HEADER_BYTES;
  const scalesOffset = ranksOffset + count * 4;
  const valuesOffset = scalesOffset + count * 4;
  const wordsOffset = valuesOffset + count * table.dimensions;
  const bytes = new Uint8Array(wordsOffset + wordBytes.length);
  const view = new DataView(bytes.buffer);
  [MAGIC, VERSION, table.dimensions, count, table.vocabularySize, wordBytes.length].forEach((value, index) => {
    view.setUint32(index * 4, value, true);
  });
  for (let row = 0; row < count; row++) {
    view.setUint32(ranksOffset + row * 4, table.ranks[row]!, true);
    view.setFloat32(scalesOffset + row * 4, table.scales[row]!, true);
  }
  bytes.set(new Uint8Array(table.values.buffer, table.values.byteOffset, table.values.byteLength), valuesOffset);
  bytes.set(wordBytes, wordsOffset);
  return bytes;
}

/** Reads a table written by {@link encodeWordVectorTable}; throws `index-corrupt` on anything else. Pure. */
export function decodeWordVectorTable(bytes: Uint8Array): WordVectorTable {
  if (bytes.length < HEADER_BYTES) corrupt(`is too short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [magic, version, dimensions, count, vocabularySize, wordsLength] = [0, 1, 2, 3, 4, 5].map((index) =>
    view.getUint32(index * 4, true),
  ) as [number, number, number, number, number, number];
  if (magic !== MAGIC) corrupt('has the wrong magic number (not a Loadout word-vector table)');
  if (version !== VERSION) corrupt(`has unsupported version ${version}`);
  if (dimensions < 1 || dimensions > MAX_DIMENSIONS) corrupt(`has invalid dimensions ${dimensions}`);
  const scalesOffset = HEADER_BYTES + count * 4;
  const valuesOffset = scalesOffset + count * 4;
  const wordsOffset = valuesOffset + count * dimensions;
  if (wordsOffset + wordsLength !== bytes.length) corrupt(`has ${bytes.length} bytes where the header implies ${wordsOffset + wordsLength}`);
  const ranks = new Uint32Array(count);
  const scales = new Float32Array(count);
  for (let row = 0; row < count; row++) {
    ranks[row] = view.getUint32(HEADER_BYTES + row * 4, true);
    scales[row] = view.getFloat32(scalesOffset + row * 4, true);
  }
  const values = new Int8Array(count * dimensions);
  values.set(new Int8Array(bytes.buffer, bytes.byteOffset + valuesOffset, count * dimensions));
  const text = new TextDecoder('utf-8').decode(bytes.subarray(wordsOffset));
  const words = count === 0 ? [] : text.split('\n');
  if (words.length !== count) corrupt(`lists ${words.length} words for ${count} rows`);
  return { dimensions, vocabularySize, words, ranks, scales, values };
}
