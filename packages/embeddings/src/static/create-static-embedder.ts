import { defaultStaticTablePath } from './default-table-path.js';
import { loadStaticVectors } from './load-static-vectors.js';
import { createStaticEmbedderFromTable, type StaticEmbedder, type StaticEmbedderOptions } from './static-embedder.js';
import type { WordVectorTable } from './word-vector-table.js';

/** Options of {@link createStaticEmbedder}. */
export interface CreateStaticEmbedderOptions extends StaticEmbedderOptions {
  /**
   * A table file written by {@link compactWordVectorFile}, read on first use.
   * Default: the GloVe table the package build writes to `dist/glove-sg-100d-50k.ldwv`.
   */
  tablePath?: string;
  /** A table already in memory; takes precedence over `tablePath`. */
  table?: WordVectorTable;
}

/**
 * Creates the GloVe-SIF {@link StaticEmbedder} (`modelId`
 * `glove-sg-100d-sif-int8`, 100 dimensions): the compact int8 table is read
 * from disk on first use. Node only; in a browser use
 * {@link createStaticEmbedderFromTable} with a fetched table.
 */
export function createStaticEmbedder(options: CreateStaticEmbedderOptions = {}): StaticEmbedder {
  const { table, tablePath, ...settings } = options;
  if (table !== undefined) return createStaticEmbedderFromTable(table, settings);
  const path = tablePath ?? defaultStaticTablePath();
  return createStaticEmbedderFromTable(() => loadStaticVectors(path), settings);
}
