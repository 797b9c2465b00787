import { createLoadoutError } from '@loadout/core';
import { didYouMean } from '@loadout/core/plugins';
import type { Registry } from '@loadout/core/plugins';

/** The rankers `loadout eval --ranker` names, in order (the first is the baseline), and whether `all` chose them. */
export interface EvalRankerList {
  readonly names: readonly string[];
  /** True for `--ranker all`: a ranker this environment cannot build is skipped with a warning instead of failing the run. */
  readonly all: boolean;
  /** With `all`: the rankers left out because their queries are patterns (`queryKind: 'pattern'`, such as regex), not the words an eval set's queries are. */
  readonly patterns: readonly string[];
}

/**
 * Reads `--ranker a,b,c` or `--ranker all` (the config's `ranker` first,
 * else the default, so the ranker a deployment runs is the baseline; then
 * every other registered ranker that takes words, in registration order;
 * the other pattern rankers are listed in `patterns`). Without the
 * flag, the config's `ranker`, else the registry's default. Every name is
 * checked before anything runs: unknown ones are one `unknown-ranker`
 * naming them all (each with its nearest name), an empty or repeated one `invalid-option`, and so is
 * `all` in a list (it stands alone: `all,bm25f` would name bm25f twice).
 */
export function readEvalRankerList(flag: string | undefined, configured: string | undefined, registry: Registry): EvalRankerList {
  if (flag === undefined) return { names: [configured ?? registry.defaultRanker], all: false, patterns: [] };
  if (flag.trim() === 'all') {
    // The deployment's own ranker is the baseline: every other is measured against what runs today.
    const first = configured ?? registry.defaultRanker;
    const others = registry.rankers.filter((definition) => definition.name !== first);
    const words = others.filter((definition) => definition.queryKind !== 'pattern').map((definition) => definition.name);
    const patterns = others.filter((definition) => definition.queryKind === 'pattern').map((definition) => definition.name);
    return { names: [first, ...words], all: true, patterns };
  }
  const names = flag.split(',').map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') throw createLoadoutError('invalid-option', `--ranker ${JSON.stringify(flag)} has an empty name; list rankers as a,b,c or say all`, { flag: 'ranker', value: flag });
    if (seen.has(name)) throw createLoadoutError('invalid-option', `--ranker ${JSON.stringify(flag)} names ${JSON.stringify(name)} twice`, { flag: 'ranker', value: flag });
    if (name === 'all') {
      throw createLoadoutError('invalid-option', `--ranker ${JSON.stringify(flag)} lists all with other names; all stands alone (--ranker all), or name each ranker as a,b,c`, { flag: 'ranker', value: flag });
    }
    seen.add(name);
  }
  const missing = names.filter((name) => !registry.hasRanker(name));
  // One unknown name: the registry's own error; several: one error naming them all, so one correction fixes the flag.
  if (missing.length === 1) registry.ranker(missing[0]!);
  if (missing.length > 1) {
    const valid = registry.rankers.map((definition) => definition.name);
    const each = missing.map((name) => `${JSON.stringify(name)}${didYouMean(name, valid).replace(/^; (.*)$/, ' ($1)')}`);
    throw createLoadoutError('unknown-ranker', `unknown rankers ${each.slice(0, -1).join(', ')} and ${each.at(-1)!}; valid names: ${valid.join(', ')}`, { name: missing[0], names: missing, valid });
  }
  return { names, all: false, patterns: [] };
}
