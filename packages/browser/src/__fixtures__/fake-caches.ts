/** An in-memory `CacheStorage` with the calls the engine makes (`open`, `match`, `put`, `delete`). */
export function createFakeCaches(): CacheStorage & { readonly entries: Map<string, Map<string, Uint8Array>> } {
  const entries = new Map<string, Map<string, Uint8Array>>();
  const cacheOf = (name: string): Cache => {
    let cache = entries.get(name);
    if (cache === undefined) {
      cache = new Map();
      entries.set(name, cache);
    }
    const store = cache;
    return {
      async match(request: RequestInfo | URL) {
        const bytes = store.get(String(request));
        return bytes === undefined ? undefined : new Response(bytes.slice());
      },
      async put(request: RequestInfo | URL, response: Response) {
        store.set(String(request), new Uint8Array(await response.arrayBuffer()));
      },
      async delete(request: RequestInfo | URL) {
        return store.delete(String(request));
      },
    } as Cache;
  };
  return {
    entries,
    async open(name: string) {
      return cacheOf(name);
    },
    async has(name: string) {
      return entries.has(name);
    },
    async delete(name: string) {
      return entries.delete(name);
    },
    async keys() {
      return [...entries.keys()];
    },
    async match() {
      return undefined;
    },
  } as CacheStorage & { readonly entries: Map<string, Map<string, Uint8Array>> };
}

/** A fetch that serves `files` by URL (404 otherwise) and records every URL asked for. */
export function createFakeFetch(files: Record<string, Uint8Array>): ((url: string) => Promise<Response>) & { readonly calls: string[] } {
  const calls: string[] = [];
  const fetch = async (url: string): Promise<Response> => {
    calls.push(url);
    const bytes = files[url];
    return bytes === undefined ? new Response('missing', { status: 404 }) : new Response(bytes.slice());
  };
  return Object.assign(fetch, { calls });
}
