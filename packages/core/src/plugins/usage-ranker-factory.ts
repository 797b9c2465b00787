import type { Ranker } from '../ranking/ranker.js';
import { createRankerFrom } from './create-ranker-from.js';
import type { RankerDefinition, RankerUsageField } from './ranker-definition.js';
import { readOptions } from './read-options.js';

/** Builds bare rankers of one definition for learning: `undefined` is the ranker without usage, a usage field one learning from it. */
export type UsageRankerFactory = (usage: RankerUsageField | undefined) => Promise<Ranker>;

/**
 * How learning from feedback builds rankers of `definition` with `options`
 * (checked against its schema, defaults applied; throws `invalid-option`):
 * without usage, `create(options)`; with usage, `create` of
 * `capabilities.usage.withUsage(options, usage)`. Bare rankers, without the
 * query syntax. Undefined when the definition declares no
 * `capabilities.usage` (it does not learn from usage).
 */
export function usageRankerFactory(definition: RankerDefinition, options?: unknown): UsageRankerFactory | undefined {
  const usage = definition.capabilities?.usage;
  if (usage === undefined) return undefined;
  const checked = readOptions(`ranker ${JSON.stringify(definition.name)}`, definition.options, options);
  return (field) => createRankerFrom(definition, field === undefined ? checked : usage.withUsage(checked, field), false);
}
