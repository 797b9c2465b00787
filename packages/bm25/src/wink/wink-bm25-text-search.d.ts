declare module 'wink-bm25-text-search' {
  /** The parts of wink-bm25-text-search 3.x that Loadout uses. */
  interface WinkBm25Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
      ovFldNames?: string[];
    }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[], field?: string): number;
    addDoc(doc: Record<string, string>, id: number | string): number;
    consolidate(precision?: number): boolean;
    search(
      text: string,
      limit?: number,
      filter?: (fieldValues: Record<string, string>, params: unknown) => boolean,
      params?: unknown,
    ): [string, number][];
  }
  function createEngine(): WinkBm25Engine;
  export = createEngine;
}
