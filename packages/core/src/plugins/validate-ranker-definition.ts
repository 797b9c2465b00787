import { isPlainObject } from '../catalog/is-plain-object.js';
import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { RankerDefinition } from './ranker-definition.js';

/** The pattern a plug-in's name must match. */
export const PLUGIN_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

const QUERY_KINDS: readonly unknown[] = ['keywords', 'pattern'];
const OPTION_TYPES: readonly unknown[] = ['number', 'integer', 'string', 'boolean', 'object', 'any'];

/** What is wrong with an options schema (at every level of `properties`), or undefined. */
function schemaProblem(schema: unknown, path: string): string | undefined {
  if (!isPlainObject(schema)) return `${path} must be an object of option specs, got ${describeValue(schema)}`;
  for (const [option, spec] of Object.entries(schema)) {
    if (!isPlainObject(spec) || !OPTION_TYPES.includes(spec['type']) || typeof spec['description'] !== 'string') {
      return `${path}.${option} must be { type: ${OPTION_TYPES.map((type) => JSON.stringify(type)).join(' | ')}, description: string, … }`;
    }
    if (spec['properties'] !== undefined) {
      if (spec['type'] !== 'object') return `${path}.${option}.properties is only for type "object"`;
      const nested = schemaProblem(spec['properties'], `${path}.${option}.properties`);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

function problem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return `is not an object (got ${describeValue(value)})`;
  const definition = value as Partial<Record<keyof RankerDefinition, unknown>>;
  if (definition.specificationVersion !== 'v1') return `specificationVersion must be "v1", got ${describeValue(definition.specificationVersion)}`;
  if (typeof definition.name !== 'string' || !PLUGIN_NAME_PATTERN.test(definition.name)) {
    return `name must match ${String(PLUGIN_NAME_PATTERN)}, got ${describeValue(definition.name)}`;
  }
  if (!QUERY_KINDS.includes(definition.queryKind)) return `queryKind must be "keywords" or "pattern", got ${describeValue(definition.queryKind)}`;
  if (typeof definition.create !== 'function') return `create must be a function, got ${describeValue(definition.create)}`;
  if (definition.options !== undefined) {
    const wrong = schemaProblem(definition.options, 'options');
    if (wrong !== undefined) return wrong;
  }
  const capabilities = definition.capabilities;
  if (capabilities !== undefined) {
    if (!isPlainObject(capabilities)) return `capabilities must be an object, got ${describeValue(capabilities)}`;
    const { browserSafe, persistence, usage } = capabilities as Record<string, unknown>;
    if (browserSafe !== undefined && typeof browserSafe !== 'boolean') return `capabilities.browserSafe must be a boolean, got ${describeValue(browserSafe)}`;
    if (usage !== undefined && (!isPlainObject(usage) || typeof (usage as Record<string, unknown>)['withUsage'] !== 'function')) {
      return 'capabilities.usage must be { withUsage(options, usage), learns? }';
    }
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
    }
  }
  return undefined;
}

/**
 * Checks that `value` is a {@link RankerDefinition} (version `v1`, a valid
 * name, a query kind, `create`, well-formed options and capabilities).
 * Throws LoadoutError `ranker-invalid` naming `source` (a file, a package,
 * `registry`) and what is wrong.
 */
export function validateRankerDefinition(value: unknown, source: string): asserts value is RankerDefinition {
  const wrong = problem(value);
  if (wrong === undefined) return;
  throw createLoadoutError('ranker-invalid', `${source}: not a ranker definition: ${wrong}`, { source });
}
