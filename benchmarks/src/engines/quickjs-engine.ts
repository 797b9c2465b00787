import { performance } from 'node:perf_hooks';
import { createQuickJsLoadout } from '../../../tooling/quickjs/quickjs-loadout.js';
import type { EngineDriver } from './engine-driver.js';

/** core's and BM25F's browser bundles inside QuickJS (quickjs-emscripten, WebAssembly), as the QuickJS test loads them. */
export async function createQuickJsEngine(): Promise<EngineDriver> {
  const started = performance.now();
  const loadout = await createQuickJsLoadout();
  const instantiateMs = performance.now() - started;
  const check = (answer: string): string => {
    if (answer.startsWith('{"error"')) throw new Error(`QuickJS: ${answer}`);
    return answer;
  };
  return {
    name: 'QuickJS (quickjs-emscripten in Node)',
    instantiateMs,
    decide: (input) => loadout.decide(input),
    restore(catalog, saved) {
      check(loadout.restore(catalog, saved));
    },
    search: (query, limit) => check(loadout.search(query, limit)),
    dispose: () => loadout.dispose(),
  };
}
