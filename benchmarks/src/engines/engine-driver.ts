/** One JavaScript engine running Loadout's policy and BM25F, driven with JSON text, for the engines part. */
export interface EngineDriver {
  readonly name: string;
  /** Milliseconds from nothing loaded to ready for the first call (compiled or cached, see the engine). */
  readonly instantiateMs: number;
  /** Size of what the engine loads, in bytes, when it is a file (the component). */
  readonly sizeBytes?: number;
  decide(input: string): string;
  /** Catalog text and saved index bytes to a searchable index (parse, validate, load). */
  restore(catalog: string, saved: Uint8Array): void;
  search(query: string, limit: number): string;
  dispose(): void;
}

/** What the engines part measures for one engine; times in milliseconds. */
export interface EngineResult {
  readonly engine: string;
  readonly instantiateMs: number;
  readonly decideP50Ms: number;
  readonly restoreMs: number;
  readonly searchP50Ms: number;
  readonly sizeBytes?: number;
  /** Why the engine was not measured, when it was not. */
  readonly skipped?: string;
}
