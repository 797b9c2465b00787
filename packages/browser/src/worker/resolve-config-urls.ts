import type { EngineConfig } from '../engine/engine-options.js';

function resolve(url: string, base: string | undefined): string {
  if (base === undefined) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/**
 * `config` with its URLs (`staticTableUrl`, `modelBaseUrl`, `wasmPaths`)
 * made absolute against the page, so a worker (whose own base is its script
 * URL) fetches what the page meant. Unparsable URLs are left for the engine
 * to report.
 */
export function resolveConfigUrls(config: EngineConfig): EngineConfig {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  const resolved: EngineConfig = { ...config };
  if (typeof config.staticTableUrl === 'string') resolved.staticTableUrl = resolve(config.staticTableUrl, base);
  if (typeof config.modelBaseUrl === 'string') resolved.modelBaseUrl = resolve(config.modelBaseUrl, base);
  const wasmPaths = config.wasmPaths;
  if (typeof wasmPaths === 'string') resolved.wasmPaths = resolve(wasmPaths, base);
  else if (wasmPaths !== undefined) resolved.wasmPaths = { mjs: resolve(wasmPaths.mjs, base), wasm: resolve(wasmPaths.wasm, base) };
  return resolved;
}
