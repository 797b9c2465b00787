import { CatalogIndex } from './catalog-index.js';
import { decide } from './decide.js';
import { coded } from './failure.js';
import { plan, preparePlanTokenCounter } from './plan.js';

/** `index` as the component exports it: every call returns a value or a coded failure. */
class Index {
  private constructor(private readonly inner: CatalogIndex) {}

  static fromCatalog(catalog: string, source: string): Index {
    return coded(() => new Index(CatalogIndex.fromCatalog(catalog, source)));
  }

  static fromCatalogMaxTools(catalog: string, source: string, maxTools: number): Index {
    return coded(() => new Index(CatalogIndex.fromCatalog(catalog, source, maxTools)));
  }

  static fromSaved(catalog: string, source: string, saved: Uint8Array | readonly number[]): Index {
    // componentize-js hands a list<u8> over as a plain array of numbers.
    return coded(() => new Index(CatalogIndex.fromSaved(catalog, source, saved instanceof Uint8Array ? saved : Uint8Array.from(saved))));
  }

  search(query: string, limit: number): string {
    return coded(() => this.inner.search(query, limit));
  }

  save(): Uint8Array {
    return coded(() => this.inner.save());
  }
}

/**
 * The WIT interface `loadout:core/api` (wit/loadout.wit), the component's
 * one export. Runs in any JavaScript engine: it uses nothing beyond
 * ECMAScript (the QuickJS test and `pnpm build`'s componentize-js prove it).
 */
export const api = {
  decide: (input: string): string => coded(() => decide(input)),
  plan: (catalog: string, source: string, input: string): string => coded(() => plan(catalog, source, input)),
  Index,
};

// componentize-js runs this module's top level while it snapshots the
// component: the tokenizer's rank table built here ships in the snapshot,
// so a host's first plan does not parse 1.1 MB of ranks in the interpreter
// (figures in docs/decisions/3103-plan-counts-with-tiktoken.md).
preparePlanTokenCounter();
