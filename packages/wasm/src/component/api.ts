import { bytesArgument, numberArgument, stringArgument } from './arguments.js';
import { CatalogIndex } from './catalog-index.js';
import { decide } from './decide.js';
import { coded } from './failure.js';
import { plan, preparePlanTokenCounter } from './plan.js';

/** `index` as the component exports it: every call returns a value or a coded failure. */
class Index {
  private constructor(private readonly inner: CatalogIndex) {}

  static fromCatalog(catalog: string, source: string): Index {
    return coded(() => new Index(CatalogIndex.fromCatalog(stringArgument(catalog, 'index.from-catalog: catalog'), stringArgument(source, 'index.from-catalog: source'))));
  }

  static fromCatalogMaxTools(catalog: string, source: string, maxTools: number): Index {
    const where = 'index.from-catalog-max-tools';
    return coded(() => new Index(CatalogIndex.fromCatalog(stringArgument(catalog, `${where}: catalog`), stringArgument(source, `${where}: source`), numberArgument(maxTools, `${where}: max-tools`))));
  }

  static fromSaved(catalog: string, source: string, saved: Uint8Array | readonly number[]): Index {
    // componentize-js hands a list<u8> over as a plain array of numbers.
    const where = 'index.from-saved';
    return coded(() => new Index(CatalogIndex.fromSaved(stringArgument(catalog, `${where}: catalog`), stringArgument(source, `${where}: source`), bytesArgument(saved, `${where}: saved`))));
  }

  search(query: string, limit: number): string {
    return coded(() => this.inner.search(stringArgument(query, 'index.search: query'), numberArgument(limit, 'index.search: limit')));
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
  decide: (input: string): string => coded(() => decide(stringArgument(input, 'decide: input'))),
  plan: (catalog: string, source: string, input: string): string =>
    coded(() => plan(stringArgument(catalog, 'plan: catalog'), stringArgument(source, 'plan: source'), stringArgument(input, 'plan: input'))),
  Index,
};

// componentize-js runs this module's top level while it snapshots the
// component: the tokenizer's rank table built here ships in the snapshot,
// so a host's first plan does not parse 1.1 MB of ranks in the interpreter
// (figures in docs/decisions/3103-plan-counts-with-tiktoken.md).
preparePlanTokenCounter();
