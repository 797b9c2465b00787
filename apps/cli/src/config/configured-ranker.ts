import type { QuerySyntaxOptions, Ranker } from '@loadout/core';
import type { LoadoutConfig } from './loadout-config.js';

/** A ranker a command searches with, and the name it was chosen by. */
export interface ConfiguredRanker {
  readonly name: string;
  readonly ranker: Ranker;
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
  const ranker = await config.registry.createRanker(name, name === configured ? config.rankerOptions : undefined, querySyntax);
  return { name, ranker };
}
