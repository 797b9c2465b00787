import { isPlainObject } from '../catalog/is-plain-object.js';
import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { Mod } from '../mods/mod.js';
import { validateMod } from '../mods/validate-mod.js';
import { createRankerFrom } from './create-ranker-from.js';
import { didYouMean } from './nearest-name.js';
import type { RankerDefinition } from './ranker-definition.js';
import type { Registry, RegistryInput } from './registry.js';
import { validateRankerDefinition } from './validate-ranker-definition.js';

/** A module's default export, or the value itself when it has none. */
export function defaultExport(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'default' in value ? (value as { default: unknown }).default : value;
}

function duplicate(kind: string, name: string): never {
  throw createLoadoutError('plugin-duplicate', `two ${kind}s are named ${JSON.stringify(name)}; plug-in names must be unique`, { name });
}

function build(rankers: readonly RankerDefinition[], mods: readonly Mod[], defaultRanker: string | undefined): Registry {
  const byName = new Map(rankers.map((definition) => [definition.name, definition]));
  const names = rankers.map((definition) => definition.name);
  if (defaultRanker !== undefined && !byName.has(defaultRanker)) {
    throw createLoadoutError('unknown-ranker', `default ranker ${describeValue(defaultRanker)} is not registered${didYouMean(defaultRanker, names)}`, { name: defaultRanker });
  }
  const fallback = defaultRanker ?? names[0] ?? '';
  const ranker = (name: unknown): RankerDefinition => {
    const found = typeof name === 'string' ? byName.get(name) : undefined;
    if (found !== undefined) return found;
    throw createLoadoutError(
      'unknown-ranker',
      `unknown ranker ${describeValue(name)}; valid names: ${names.join(', ')}${didYouMean(name, names)}`,
      { name, valid: names },
    );
  };
  return {
    defaultRanker: fallback,
    rankers,
    mods,
    hasRanker: (name) => byName.has(name),
    ranker,
    async createRanker(name = fallback, options, querySyntax) {
      return createRankerFrom(ranker(name), options, querySyntax);
    },
    extend(input) {
      return fromInput(input, rankers, mods, input.defaultRanker ?? defaultRanker);
    },
  };
}

function fromInput(input: RegistryInput, rankers: readonly RankerDefinition[], mods: readonly Mod[], defaultRanker: string | undefined): Registry {
  if (!isPlainObject(input as unknown)) throw createLoadoutError('invalid-option', `createRegistry: input must be an object, got ${describeValue(input)}`, {});
  const nextRankers = [...rankers];
  const rankerNames = new Set(rankers.map((definition) => definition.name));
  for (const definition of (input.rankers ?? []) as readonly RankerDefinition[]) {
    validateRankerDefinition(definition, 'registry');
    if (rankerNames.has(definition.name)) duplicate('ranker', definition.name);
    rankerNames.add(definition.name);
    nextRankers.push(definition);
  }
  const nextMods = [...mods];
  const modNames = new Set(mods.map((mod) => mod.name));
  for (const mod of (input.mods ?? []) as readonly Mod[]) {
    validateMod(mod);
    if (modNames.has(mod.name)) duplicate('mod', mod.name);
    modNames.add(mod.name);
    nextMods.push(mod);
  }
  return build(nextRankers, nextMods, defaultRanker);
}

/**
 * An open registry of plug-ins: ranker definitions and mods. Immutable and local: there is
 * no global registry; pass the object to whatever builds rankers (the CLI,
 * the gateway, the SDK, the browser engine, the benchmarks).
 * `@loadout/rankers`' `createBuiltinRegistry()` returns one holding the
 * built-ins; `registry.extend({ rankers: [mine] })` adds more.
 *
 * Throws `ranker-invalid` for a malformed definition, `mod-invalid` for a
 * malformed mod, `plugin-duplicate` for a repeated name, and
 * `unknown-ranker` for a `defaultRanker` that is not registered.
 */
export function createRegistry(input: RegistryInput = {}): Registry {
  return fromInput(input, [], [], input.defaultRanker);
}
