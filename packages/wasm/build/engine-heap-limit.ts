/**
 * componentize-js's engine (StarlingMonkey) creates SpiderMonkey with
 * `JS_NewContext(JS::DefaultHeapMaxBytes)`: a 32 MiB garbage-collected heap,
 * which no componentize option or runtime argument changes. The component
 * ran out of it at about 25,000 small tools. This writes a copy of the engine
 * whose heap limit is 4 GiB - 1 instead (see {@link RAISED_LIMIT_BYTES}), for
 * `componentize({ engine })`; the limit then sits in the component's
 * snapshot like any other engine setting. Decision 3452.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The engine's one store of the heap limit (release build of componentize-js
 * 0.23, where `JS_NewContext` is inlined): `i32.const 33554432`
 * (signed LEB128 `80 80 80 10`) followed by `i32.store`. The constant takes
 * four bytes, so any replacement must too.
 */
const DEFAULT_LIMIT_STORE = Uint8Array.of(0x41, 0x80, 0x80, 0x80, 0x10, 0x36);

/**
 * The component's garbage-collected heap limit: `i32.const -1` in four
 * LEB128 bytes (`ff ff ff 7f`), which SpiderMonkey reads as 4 GiB - 1: no
 * limit below WebAssembly's 4 GiB address space. The API refuses catalogs
 * past the size measured to fit (`MAX_TOOLS_RANGE` in src/component/component-limits.ts) before they get there.
 */
const RAISED_LIMIT_BYTES = Uint8Array.of(0xff, 0xff, 0xff, 0x7f);

/** Where `needle` starts in `haystack`, every time. */
function occurrences(haystack: Buffer, needle: Uint8Array): number[] {
  const found: number[] = [];
  for (let index = haystack.indexOf(needle); index !== -1; index = haystack.indexOf(needle, index + 1)) found.push(index);
  return found;
}

/**
 * Writes (once, into `cacheDirectory`) the engine at `enginePath` with the
 * heap limit raised, and returns the copy's path. Throws, failing the build,
 * unless the engine holds exactly one store of the default limit: another
 * componentize-js needs this patch looked at again.
 */
export function engineWithRaisedHeapLimit(enginePath: string, cacheDirectory: string): string {
  const engine = readFileSync(enginePath);
  const key = createHash('sha256').update(engine).update(RAISED_LIMIT_BYTES).digest('hex').slice(0, 32);
  const patchedPath = join(cacheDirectory, `engine-${key}.wasm`);
  if (existsSync(patchedPath)) return patchedPath;
  const [store, ...others] = occurrences(engine, DEFAULT_LIMIT_STORE);
  if (store === undefined || others.length > 0) {
    throw new Error(`@loadout/wasm: expected one store of SpiderMonkey's 32 MiB heap limit in ${enginePath}, found ${store === undefined ? 0 : others.length + 1}; check packages/wasm/build/engine-heap-limit.ts against this componentize-js`);
  }
  const patched = Uint8Array.from(engine);
  patched.set(RAISED_LIMIT_BYTES, store + 1);
  mkdirSync(cacheDirectory, { recursive: true });
  writeFileSync(patchedPath, patched);
  return patchedPath;
}
