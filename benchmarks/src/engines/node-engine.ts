import { performance } from 'node:perf_hooks';
import type { EngineDriver } from './engine-driver.js';

/** The component's own JavaScript (`packages/wasm/src/component/api.ts`), run natively by Node: the peer every engine is compared with. */
export async function createNodeEngine(): Promise<EngineDriver> {
  const started = performance.now();
  const { api } = await import('../../../packages/wasm/src/component/api.js');
  const instantiateMs = performance.now() - started;
  let index: InstanceType<typeof api.Index> | undefined;
  return {
    name: 'Node (V8, the same JavaScript)',
    instantiateMs,
    decide: (input) => api.decide(input),
    restore(catalog, saved) {
      index = api.Index.fromSaved(catalog, 'catalog', saved);
    },
    search: (query, limit) => index!.search(query, limit),
    dispose() {},
  };
}
