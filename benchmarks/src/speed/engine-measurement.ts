/** What the speed benchmark measured for one engine on one catalog. */
export interface EngineMeasurement {
  /** Engine name (`bm25f`, `minisearch`, `hnsw`, …). */
  readonly name: string;
  /** What kind of engine: a keyword search over tools or a vector index over precomputed embeddings. */
  readonly kind: 'keyword' | 'vector';
  /** Items indexed. */
  readonly items: number;
  /** Time to build the index, ms. */
  readonly buildMs: number;
  /** Queries timed (after `warmup` untimed ones). */
  readonly queries: number;
  readonly warmup: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  /** JS heap growth from building the index, bytes (after full collections; `null` without `--expose-gc`). */
  readonly heapDeltaBytes: number | null;
  /** Off-heap growth (`process.memoryUsage().external`), bytes; `null` without `--expose-gc`. */
  readonly externalDeltaBytes: number | null;
  /** Keyword engines: Recall@5 (0–1) over the timed queries. Vector indexes: share of the exact top 10 found (ANN recall). */
  readonly quality: number;
  /** What `quality` is, for the report. */
  readonly qualityLabel: 'recall@5' | 'neighbour recall@10';
}
