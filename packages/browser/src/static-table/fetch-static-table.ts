import { createLoadoutError, describeValue } from '@loadout/core';
import { decodeWordVectorTable } from '@loadout/embeddings/browser';
import type { WordVectorTable } from '@loadout/embeddings/browser';

/** Default {@link FetchStaticTableOptions.cacheName}. */
export const DEFAULT_STATIC_TABLE_CACHE = 'loadout-static-tables';

/** Options of {@link fetchStaticTable}. */
export interface FetchStaticTableOptions {
  /** Where the compact table (`glove-sg-100d-50k.ldwv` from `@loadout/embeddings`'s `dist/`) is served. Resolved against the page. */
  url: string;
  /** Cache API cache that keeps the table across page loads; `null` skips the Cache API (the HTTP cache still applies). Default `loadout-static-tables`. */
  cacheName?: string | null;
  /** Default: the global `fetch`. */
  fetch?: (url: string) => Promise<Response>;
  /** Default: the global `caches`, when present (secure contexts). */
  caches?: CacheStorage;
}

function absolute(url: string): string {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(url, base).href;
  } catch {
    throw createLoadoutError('invalid-option', `@loadout/browser: staticTableUrl ${describeValue(url)} is not a valid URL`, { option: 'staticTableUrl', value: url });
  }
}

async function openCache(options: FetchStaticTableOptions): Promise<Cache | undefined> {
  const name = options.cacheName === undefined ? DEFAULT_STATIC_TABLE_CACHE : options.cacheName;
  const storage = options.caches ?? (globalThis as { caches?: CacheStorage }).caches;
  if (name === null || storage === undefined) return undefined;
  try {
    return await storage.open(name);
  } catch {
    return undefined;
  }
}

async function fromNetwork(url: string, options: FetchStaticTableOptions): Promise<Response> {
  const fetchImpl = options.fetch ?? ((target: string) => globalThis.fetch(target));
  let response: Response;
  try {
    response = await fetchImpl(url);
  } catch (error) {
    throw createLoadoutError('file-unreadable', `@loadout/browser: cannot fetch the word-vector table ${describeValue(url)}: ${String(error)}`, { url });
  }
  if (!response.ok) {
    throw createLoadoutError(
      response.status === 404 ? 'file-not-found' : 'file-unreadable',
      `@loadout/browser: the word-vector table ${describeValue(url)} answered HTTP ${response.status}; serve @loadout/embeddings/dist/glove-sg-100d-50k.ldwv at staticTableUrl`,
      { url, status: response.status },
    );
  }
  return response;
}

/**
 * Fetches and decodes the compact word-vector table, keeping the response in
 * the Cache API so a later page load reads it without the network. A cached
 * copy that does not decode is dropped and fetched again. Throws
 * `file-not-found` (HTTP 404), `file-unreadable` (network or other HTTP
 * errors) or `index-corrupt` (the bytes are not a table).
 */
export async function fetchStaticTable(options: FetchStaticTableOptions): Promise<WordVectorTable> {
  const url = absolute(options.url);
  const cache = await openCache(options);
  const cached = await cache?.match(url).catch(() => undefined);
  if (cached !== undefined) {
    try {
      return decodeWordVectorTable(new Uint8Array(await cached.arrayBuffer()));
    } catch {
      await cache?.delete(url).catch(() => false);
    }
  }
  const response = await fromNetwork(url, options);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const table = decodeWordVectorTable(bytes);
  await cache?.put(url, new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } })).catch(() => undefined);
  return table;
}
