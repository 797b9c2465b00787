import { fnv1a32 } from '@loadout/core/utils';

/**
 * The queries a shipped model was trained on, as `pnpm train` records them
 * beside the models: each query's text normalised (trimmed, lower case,
 * runs of white space as one space), hashed (32-bit FNV-1a), the hashes
 * sorted, unique, little-endian, in base64. About 5.4 bytes a query (10 KB
 * for the 1,944 dev queries of the four sets): the text never ships.
 */
export interface TrainingQueries {
  readonly format: 'loadout-training-queries-v1';
  /** Queries hashed (unique hashes). */
  readonly count: number;
  readonly hashes: string;
}

/** A query's text as it is hashed: trimmed, lower case, white space as single spaces. */
const normalise = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The record of `texts` (what `pnpm train` writes). */
export function recordTrainingQueries(texts: Iterable<string>): TrainingQueries {
  const hashes = [...new Set([...texts].map((text) => fnv1a32(normalise(text))))].sort((a, b) => a - b);
  const bytes = new Uint8Array(new Uint32Array(hashes).buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { format: 'loadout-training-queries-v1', count: hashes.length, hashes: btoa(binary) };
}

/**
 * How many of `texts` (a set's queries) are queries `record` holds: 0 for
 * a record of another format. A 32-bit hash may match a query that was not
 * trained on by chance, about once in two million fresh queries for the
 * shipped record's size.
 */
export function countTrainingQueries(record: TrainingQueries, texts: readonly string[]): number {
  if (record.format !== 'loadout-training-queries-v1') return 0;
  const binary = atob(record.hashes);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const known = new Set(new Uint32Array(bytes.buffer, 0, bytes.length >> 2));
  return texts.filter((text) => known.has(fnv1a32(normalise(text)))).length;
}
