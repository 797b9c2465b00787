import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getQuickJS } from 'quickjs-emscripten';
import { describe, expect, it } from 'vitest';

// The API bundle (`pnpm build`) in QuickJS with little memory: a catalog too
// large for it is `catalog-too-large` (it was `internal: out of memory`),
// and the same context answers afterwards. The component's own figures are
// in docs/decisions/3452-component-memory.md.

const bundle = fileURLToPath(new URL('../dist/bundle/loadout-api.js', import.meta.url));

describe.skipIf(!existsSync(bundle))('the wasm API out of memory (QuickJS)', () => {
  it('refuses a catalog that does not fit as catalog-too-large and keeps answering', { timeout: 120_000 }, async () => {
    const runtime = (await getQuickJS()).newRuntime();
    runtime.setMaxStackSize(0);
    const vm = runtime.newContext();
    const exports = vm.unwrapResult(vm.evalCode(readFileSync(bundle, 'utf8'), 'loadout-api.js', { type: 'module' }));
    const api = vm.getProp(exports, 'api');
    vm.setProp(vm.global, 'api', api);
    api.dispose();
    exports.dispose();
    const run = (code: string): unknown => {
      const handle = vm.unwrapResult(vm.evalCode(`(() => { try { return ${code}; } catch (failure) { return [failure.code, failure.message]; } })()`));
      const value = vm.dump(handle);
      handle.dispose();
      return value;
    };
    const catalog = vm.newString(JSON.stringify(Array.from({ length: 20_000 }, (_, index) => ({ name: `t${index}`, description: `do thing ${index} with widgets` }))));
    vm.setProp(vm.global, 'catalog', catalog);
    catalog.dispose();
    const usage = runtime.computeMemoryUsage();
    const used = (vm.dump(usage) as { memory_used_size: number }).memory_used_size;
    usage.dispose();
    // About 2 MB more than the bundle and the catalog text hold: far too little to index 20,000 tools.
    runtime.setMemoryLimit(used + 4 * 1024 * 1024);
    const [code, message] = run(`api.Index.fromCatalogMaxTools(catalog, 'tools.json', 20000)`) as [string, string];
    expect({ code, message }).toEqual({
      code: 'catalog-too-large',
      message: expect.stringMatching(/^tools\.json: \d+ characters of catalog ran out of the engine's memory while indexing; the component indexes up to [\d,]+ small tools/),
    });
    vm.setProp(vm.global, 'catalog', vm.undefined);
    expect(run(`typeof api.decide('{"model": "claude-sonnet-4-5"}')`)).toBe('string');
    expect(run(`JSON.parse(api.Index.fromCatalog('[{"name": "a", "description": "send a message"}]', 'x').search('send', 1)).hits.length`)).toBe(1);
    vm.dispose();
    runtime.dispose();
  });
});
