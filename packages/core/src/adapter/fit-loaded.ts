/** What a request (or an answer) can keep of the loaded tools, and what it must unload. */
export interface FittedLoaded {
  /** The tools kept, in the order given. */
  readonly kept: string[];
  /** The others, least recently used first: unload them so the conversation's loaded set matches what is sent. */
  readonly unloaded: string[];
}

/**
 * Splits loaded tools so that at most `room` are kept (a request that
 * declares each loaded tool as a function under a provider's function
 * limit): the least recently used go first, as `leastRecentFirst` orders
 * them (default: the order given); the kept ones keep the order given, so
 * a request's tools change no more than they must.
 */
export function fitLoaded(loaded: readonly string[], room: number, leastRecentFirst: (names: readonly string[]) => string[] = (names) => [...names]): FittedLoaded {
  const cut = Math.max(0, loaded.length - Math.max(0, room));
  if (cut === 0) return { kept: [...loaded], unloaded: [] };
  const unloaded = leastRecentFirst(loaded).slice(0, cut);
  const dropped = new Set(unloaded);
  return { kept: loaded.filter((name) => !dropped.has(name)), unloaded };
}
