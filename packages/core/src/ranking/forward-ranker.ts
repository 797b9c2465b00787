import type { CatalogTool } from '../catalog/tool.js';
import type { Ranker } from './ranker.js';

/** The optional persistence members a forwarding wrapper passes on when its inner ranker has them (BM25F's `serialize`/`load`). */
interface Persistable {
  serialize(): Uint8Array;
  load(blob: Uint8Array, tools: readonly CatalogTool[]): void;
}

/** Whether `ranker` has the persistence method `member`. */
function has<K extends keyof Persistable>(ranker: Ranker, member: K): ranker is Ranker & Pick<Persistable, K> {
  return typeof (ranker as Partial<Persistable>)[member] === 'function';
}

/**
 * The members of `R` that {@link forwardRanker} passes on: every {@link Ranker}
 * member, plus `serialize` and `load` where `R` declares them; `name` is any
 * string, since a wrapper may rename (`bm25f` becomes `rerank`).
 */
export type ForwardedRanker<R extends Ranker> = Omit<Pick<R, keyof Ranker | Extract<keyof R, keyof Persistable>>, 'name'> & Pick<Ranker, 'name'>;

/**
 * A plain ranker that forwards to `inner` every member `overrides` does not
 * replace: `name` and `queryKind` (when set) as they are now, `size` live (a
 * getter), `index`, `add`, `remove` and `search` as calls, and `serialize`
 * and `load` only when `inner` has them. Nothing else of `inner` (its
 * private views, other methods) is passed on. For wrappers that change one
 * or two members (`preindexed`, `indexOnSearch`, a re-ranker over its first
 * stage). A wrapper that tracks `index`/`add`/`remove` itself (as
 * `withQuerySyntax` does) should not use it: a forwarded `load` would change
 * the index behind its back.
 */
export function forwardRanker<R extends Ranker>(inner: R, overrides: NoInfer<Partial<ForwardedRanker<R>>>): ForwardedRanker<R> {
  const forwarded: Ranker & Partial<Persistable> = {
    specificationVersion: 'v1',
    name: inner.name,
    ...(inner.queryKind === undefined ? {} : { queryKind: inner.queryKind }),
    get size() {
      return inner.size;
    },
    index: (tools) => inner.index(tools),
    add: (tools) => inner.add(tools),
    remove: (displayNames) => inner.remove(displayNames),
    search: (query, options) => inner.search(query, options),
    ...(has(inner, 'serialize') ? { serialize: () => inner.serialize() } : {}),
    ...(has(inner, 'load') ? { load: (blob: Uint8Array, tools: readonly CatalogTool[]) => inner.load(blob, tools) } : {}),
  };
  // Descriptors, not a spread, so an overriding getter stays live.
  return Object.defineProperties(forwarded, Object.getOwnPropertyDescriptors(overrides)) as ForwardedRanker<R>;
}
