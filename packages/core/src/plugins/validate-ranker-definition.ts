import { isPlainObject } from '../catalog/is-plain-object.js';
import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { schemaProblem } from './option-spec-problem.js';
import type { RankerCapabilities, RankerDefinition, RankerPersistence, RankerUsage } from './ranker-definition.js';
import { unknownKeyProblem } from './unknown-key-problem.js';

/** The pattern a plug-in's name must match. */
export const PLUGIN_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

const QUERY_KINDS: readonly unknown[] = ['keywords', 'pattern'];

/** The keys of a {@link RankerDefinition}, of its capabilities, and of theirs. */
const DEFINITION_KEYS: readonly (keyof RankerDefinition)[] = ['specificationVersion', 'name', 'description', 'queryKind', 'options', 'capabilities', 'create'];
const CAPABILITY_KEYS: readonly (keyof RankerCapabilities)[] = ['browserSafe', 'persistence', 'usage'];
const USAGE_KEYS: readonly (keyof RankerUsage)[] = ['withUsage', 'learns'];
const PERSISTENCE_KEYS: readonly (keyof RankerPersistence)[] = ['format', 'save', 'restore'];

function problem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `is not an object (got ${describeValue(value)})`;
  const definition = value as Partial<Record<keyof RankerDefinition, unknown>>;
  if (definition.specificationVersion !== 'v1') return `specificationVersion must be "v1", got ${describeValue(definition.specificationVersion)}`;
  if (typeof definition.name !== 'string' || !PLUGIN_NAME_PATTERN.test(definition.name)) {
    return `name must match ${String(PLUGIN_NAME_PATTERN)}, got ${describeValue(definition.name)}`;
  }
  if (!QUERY_KINDS.includes(definition.queryKind)) return `queryKind must be "keywords" or "pattern", got ${describeValue(definition.queryKind)}`;
  if (typeof definition.create !== 'function') return `create must be a function, got ${describeValue(definition.create)}`;
  const unknown = unknownKeyProblem(value, DEFINITION_KEYS, 'the definition');
  if (unknown !== undefined) return unknown;
  if (definition.description !== undefined && typeof definition.description !== 'string') return `description must be a string, got ${describeValue(definition.description)}`;
  if (definition.options !== undefined) {
    const wrong = schemaProblem(definition.options, 'options');
    if (wrong !== undefined) return wrong;
  }
  const capabilities = definition.capabilities;
  if (capabilities !== undefined) {
    if (!isPlainObject(capabilities)) return `capabilities must be an object, got ${describeValue(capabilities)}`;
    const unknownCapability = unknownKeyProblem(capabilities, CAPABILITY_KEYS, 'capabilities');
    if (unknownCapability !== undefined) return unknownCapability;
    const { browserSafe, persistence, usage } = capabilities as Record<string, unknown>;
    if (browserSafe !== undefined && typeof browserSafe !== 'boolean') return `capabilities.browserSafe must be a boolean, got ${describeValue(browserSafe)}`;
    if (usage !== undefined && (!isPlainObject(usage) || typeof (usage as Record<string, unknown>)['withUsage'] !== 'function')) {
      return 'capabilities.usage must be { withUsage(options, usage), learns? }';
    }
    const unknownUsage = usage === undefined ? undefined : unknownKeyProblem(usage as Record<string, unknown>, USAGE_KEYS, 'capabilities.usage');
    if (unknownUsage !== undefined) return unknownUsage;
    const learns = usage === undefined ? undefined : (usage as Record<string, unknown>)['learns'];
    // "prior" (a usage prior earlier versions learned) is still accepted, and ignored: a plug-in written for them loads.
    if (learns !== undefined && (!Array.isArray(learns) || learns.some((part) => part !== 'prior' && part !== 'model'))) {
      return `capabilities.usage.learns must be a list of "model", got ${describeValue(learns)}`;
    }
    if (persistence !== undefined) {
      const p = persistence as Record<string, unknown>;
      if (!isPlainObject(persistence) || typeof p['format'] !== 'string' || typeof p['save'] !== 'function' || typeof p['restore'] !== 'function') {
        return 'capabilities.persistence must be { format: string, save(ranker), restore(ranker, bytes, tools) }';
      }
      const unknownPersistence = unknownKeyProblem(p, PERSISTENCE_KEYS, 'capabilities.persistence');
      if (unknownPersistence !== undefined) return unknownPersistence;
    }
  }
  return undefined;
}

/**
 * Checks that `value` is a {@link RankerDefinition} (version `v1`, a valid
 * name, a query kind, `create`, well-formed options and capabilities, and
 * no key the contract lacks, with the nearest known one). Each option spec
 * is checked against itself: `min` ≤ `max`, a `default` within its own
 * type, range and values, a `description` (see `schemaProblem`).
 * Throws LoadoutError `ranker-invalid` naming `source` (a file, a package,
 * `registry`) and what is wrong.
 */
export function validateRankerDefinition(value: unknown, source: string): asserts value is RankerDefinition {
  const wrong = problem(value);
  if (wrong === undefined) return;
  throw createLoadoutError('ranker-invalid', `${source}: not a ranker definition: ${wrong}`, { source });
}
