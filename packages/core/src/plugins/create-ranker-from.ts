import type { Ranker } from '../ranking/ranker.js';
import { withQuerySyntax } from '../ranking/with-query-syntax.js';
import type { QuerySyntaxOptions } from '../ranking/with-query-syntax.js';
import type { RankerDefinition } from './ranker-definition.js';
import { readOptions } from './read-options.js';

/**
 * `ranker` as consumers search it: wrapped with `withQuerySyntax` when the
 * definition's queries are `keywords`, unchanged when they are a `pattern`
 * (as `withQuerySyntax` also leaves a ranker that declares `queryKind:
 * 'pattern'` itself). Nothing looks at a ranker's name.
 */
export function applyQueryKind(definition: Pick<RankerDefinition, 'queryKind'>, ranker: Ranker, querySyntax?: QuerySyntaxOptions): Ranker {
  return definition.queryKind === 'pattern' ? ranker : withQuerySyntax(ranker, querySyntax);
}

/**
 * A fresh, empty ranker of `definition`, ready to index: `options` checked
 * against the definition's schema (throws `invalid-option`), defaults
 * applied, `create` awaited, and the query kind applied
 * ({@link applyQueryKind}); with `querySyntax: false`, the bare ranker
 * (benchmarks that measure the ranker alone).
 */
export async function createRankerFrom(
  definition: RankerDefinition,
  options?: unknown,
  querySyntax?: QuerySyntaxOptions | false,
): Promise<Ranker> {
  const checked = readOptions(`ranker ${JSON.stringify(definition.name)}`, definition.options, options);
  const ranker = await definition.create(checked);
  return querySyntax === false ? ranker : applyQueryKind(definition, ranker, querySyntax);
}
