import { isLoadoutError } from '../errors/loadout-error.js';
import { modFromRules } from '../mods/mod-from-rules.js';
import type { Mod } from '../mods/mod.js';
import type { PolicyWarning } from '../policy/policy-types.js';
import { showValue } from '../policy/show-value.js';

function messageOf(error: unknown): string {
  return isLoadoutError(error) || error instanceof Error ? error.message : String(error);
}

/**
 * The mods to apply, innermost first: the input's declarative mods in order,
 * then the programmatic ones. A malformed declarative mod, or one whose name
 * repeats an earlier one or a programmatic mod's, is skipped with warning
 * `invalid-mod` (a code of the policy contract's warnings; the message holds
 * what {@link modFromRules} refuses it for, its error code `mod-invalid`, as
 * the CLI says of a config's mod before anything is planned). Programmatic
 * mods are passed through unchecked.
 */
export function collectMods(
  declarative: unknown,
  programmatic: readonly Mod[] | undefined,
  warnings: PolicyWarning[],
): Mod[] {
  const outer = programmatic ?? [];
  const taken = new Set<unknown>(outer.map((mod) => mod?.name));
  const mods: Mod[] = [];
  if (declarative !== undefined && declarative !== null && !Array.isArray(declarative)) {
    warnings.push({ code: 'invalid-mod', message: `mods ${showValue(declarative)} is not an array; ignored` });
  }
  const list: readonly unknown[] = Array.isArray(declarative) ? declarative : [];
  for (let index = 0; index < list.length; index++) {
    let mod: Mod;
    try {
      mod = modFromRules(list[index] as never);
    } catch (error) {
      warnings.push({ code: 'invalid-mod', message: `mods[${index}] skipped: ${messageOf(error)}` });
      continue;
    }
    if (taken.has(mod.name)) {
      warnings.push({
        code: 'invalid-mod',
        message: `mods[${index}] skipped: the name ${showValue(mod.name)} is already taken by another mod`,
      });
      continue;
    }
    taken.add(mod.name);
    mods.push(mod);
  }
  return [...mods, ...outer];
}
