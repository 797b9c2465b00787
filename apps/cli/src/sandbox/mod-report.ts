import { describeValue, validateMod } from '@loadout/core';

/** A mod of a mod file as its worker reports it: its name, and whether it has a `tool.describe` hook (which runs there). */
export interface ModSummary {
  readonly name: string;
  readonly describes: boolean;
}

/**
 * Why a mod file's worker has no mods to report:
 * - `import`: the file did not import; `message` is `describeLoadFailure`'s
 *   line (where, never the source), `esmInCommonJs` whether it is an ES
 *   module in a CommonJS folder;
 * - `no-default`: it has no default export;
 * - `invalid`: its default export is not a mod or an array of mods (`mod-invalid`).
 */
export type ModFileFailure =
  | { readonly kind: 'import'; readonly esmInCommonJs: boolean; readonly message: string }
  | { readonly kind: 'no-default' }
  | { readonly kind: 'invalid'; readonly message: string };

/** What a mod file's default export (`value`, or its item `item` of an array) lacks to be a mod's object, or undefined. */
export function notAModObject(value: unknown, item?: number): string | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
  if (item !== undefined) return `item ${item + 1} of its default export must be a mod (an object { name, hooks }), got ${describeValue(value)}`;
  return `its default export must be a mod (an object { name, hooks }) or an array of mods, got ${describeValue(value)}`;
}

/**
 * The mods of a mod file's default export `value` (a mod or an array of
 * mods), each checked (`validateMod`), as the config's load checks them;
 * or why it holds none. Names unique across files are the main thread's
 * to check.
 */
export function modSummaries(value: unknown): { readonly ok: true; readonly mods: readonly ModSummary[] } | { readonly ok: false; readonly failure: ModFileFailure } {
  if (value === undefined) return { ok: false, failure: { kind: 'no-default' } };
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const mods: ModSummary[] = [];
  for (const [item, mod] of list.entries()) {
    const shape = notAModObject(mod, Array.isArray(value) ? item : undefined);
    if (shape !== undefined) return { ok: false, failure: { kind: 'invalid', message: shape } };
    try {
      validateMod(mod);
    } catch (error) {
      return { ok: false, failure: { kind: 'invalid', message: error instanceof Error ? error.message : String(error) } };
    }
    mods.push({ name: (mod as { name: string }).name, describes: typeof (mod as { hooks: Record<string, unknown> }).hooks['tool.describe'] === 'function' });
  }
  return { ok: true, mods };
}
