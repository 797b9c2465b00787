import { createLoadoutError, describeValue } from '../errors/index.js';
import { modInvalid } from './mod-invalid.js';
import type { Mod } from './mod.js';
import { MOD_HOOK_NAMES } from './mod.js';

const hookNames: ReadonlySet<string> = new Set(MOD_HOOK_NAMES);

/**
 * Checks one mod's shape: a non-empty string `name`, a `hooks` object whose
 * keys are all in {@link MOD_HOOK_NAMES} and whose values are functions (or
 * `undefined`). Throws LoadoutError `mod-invalid` naming the mod otherwise.
 */
export function validateMod(mod: unknown): asserts mod is Mod {
  if (typeof mod !== 'object' || mod === null) {
    throw createLoadoutError('mod-invalid', `mod ${describeValue(mod)} is not an object`, { mod });
  }
  const { name, hooks } = mod as { name?: unknown; hooks?: unknown };
  if (typeof name !== 'string' || name.length === 0) {
    throw createLoadoutError('mod-invalid', `mod name ${describeValue(name)} must be a non-empty string`, {
      name,
    });
  }
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    throw modInvalid(name, 'hooks must be an object');
  }
  for (const [hookName, hook] of Object.entries(hooks)) {
    if (!hookNames.has(hookName)) {
      const known = MOD_HOOK_NAMES.join(', ');
      throw modInvalid(name, `unknown hook ${describeValue(hookName)} (known: ${known})`, { hook: hookName });
    }
    if (hook !== undefined && typeof hook !== 'function') {
      throw modInvalid(name, `hook ${describeValue(hookName)} must be a function`, { hook: hookName });
    }
  }
}

/** Checks every mod with {@link validateMod}, and that names are unique. Throws `mod-invalid`. */
export function validateMods(mods: readonly unknown[]): asserts mods is readonly Mod[] {
  if (!Array.isArray(mods)) {
    throw createLoadoutError('mod-invalid', `mods ${describeValue(mods)} must be an array`, {});
  }
  const seen = new Set<string>();
  for (const mod of mods) {
    validateMod(mod);
    if (seen.has(mod.name)) {
      throw createLoadoutError('mod-invalid', `duplicate mod name ${describeValue(mod.name)}`, { mod: mod.name });
    }
    seen.add(mod.name);
  }
}
