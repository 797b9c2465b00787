import { modFromRules } from '@loadout/core';
import type { Mod, ModRule } from '@loadout/core';

/**
 * A mod from declarative rules, the same format as the `mods` policy input:
 * each rule matches on `server` (exact) and `tool` (glob over the tool's own
 * name: `*` any run, `?` one character); the last matching rule decides.
 *
 * @throws LoadoutError `mod-invalid` for an empty name or a malformed rule.
 */
export function rules(pluginName: string, ruleList: readonly ModRule[]): Mod {
  return modFromRules({ plugin: pluginName, rules: ruleList });
}
