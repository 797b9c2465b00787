import type { QuerySyntaxOptions, Ranker, RankerDefinition } from '@loadout/core';
import { applyQueryKind, usageRankerFactory, withCheckedResults } from '@loadout/core/plugins';
import type { UsageRankerFactory } from '@loadout/core/plugins';
import type { LoadoutConfig } from './loadout-config.js';

/** A ranker a command searches with, and the name it was chosen by. */
export interface ConfiguredRanker {
  readonly name: string;
  readonly definition: RankerDefinition;
  /** The bare ranker, before any query syntax. */
  readonly inner: Ranker;
  /** `inner` as searched: every result checked (`withCheckedResults`), then the query syntax unless its queries are patterns. */
  readonly ranker: Ranker;
  /**
   * Fresh bare rankers of the same definition and options, with or without
   * what learning fitted (`usageRankerFactory`), when the definition accepts
   * feedback (`capabilities.usage`); undefined when it does not.
   */
  readonly withUsage: UsageRankerFactory | undefined;
}

/**
 * The ranker a command uses: `flag` (`--ranker`), else the configuration's
 * `ranker`, else the registry's default, built through the configuration's
 * registry (so user rankers work everywhere, and query syntax follows each
 * definition's `queryKind`). `rankerOptions` apply to the configured ranker
 * only, not to another one chosen with `--ranker`.
 */
export async function createConfiguredRanker(config: LoadoutConfig, flag: string | undefined, querySyntax?: QuerySyntaxOptions): Promise<ConfiguredRanker> {
  const configured = config.ranker ?? config.registry.defaultRanker;
  const name = flag ?? configured;
  const definition = config.registry.ranker(name);
  const options = name === configured ? config.rankerOptions : undefined;
  const inner = await config.registry.createRanker(name, options, false);
  const withUsage = usageRankerFactory(definition, options);
  return { name, definition, inner, ranker: applyQueryKind(definition, withCheckedResults(inner), querySyntax), withUsage };
}
