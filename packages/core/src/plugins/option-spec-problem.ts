import { isPlainObject } from '../catalog/is-plain-object.js';
import { describeValue } from '../errors/loadout-error.js';
import { optionValueProblem } from './option-value-problem.js';
import type { OptionSpec } from './options-schema.js';
import { unknownKeyProblem } from './unknown-key-problem.js';

const OPTION_TYPES: readonly unknown[] = ['number', 'integer', 'string', 'boolean', 'object', 'any'];
const SPEC_KEYS: readonly (keyof OptionSpec)[] = ['type', 'description', 'default', 'min', 'max', 'values', 'properties'];

/** What is wrong with one option spec, checked against itself, or undefined (its `properties` are the caller's). */
function specProblem(spec: unknown, path: string): string | undefined {
  if (!isPlainObject(spec)) return `${path} must be { type, description, … }, got ${describeValue(spec)}`;
  const unknown = unknownKeyProblem(spec, SPEC_KEYS, path);
  if (unknown !== undefined) return unknown;
  const { type, description, min, max, values } = spec;
  if (!OPTION_TYPES.includes(type)) return `${path}.type must be ${OPTION_TYPES.map((item) => JSON.stringify(item)).join(' | ')}, got ${describeValue(type)}`;
  if (typeof description !== 'string' || description.trim() === '') return `${path}.description must be a non-empty string (what the option does, for --help and errors), got ${describeValue(description)}`;
  const numeric = type === 'number' || type === 'integer';
  for (const [key, bound] of [['min', min], ['max', max]] as const) {
    if (bound === undefined) continue;
    if (!numeric) return `${path}.${key} is only for type "number" or "integer" (this one is ${JSON.stringify(type)})`;
    if (typeof bound !== 'number' || !Number.isFinite(bound)) return `${path}.${key} must be a finite number, got ${describeValue(bound)}`;
  }
  if (typeof min === 'number' && typeof max === 'number' && min > max) return `${path}: min ${min} is above max ${max}`;
  if (values !== undefined) {
    if (type !== 'string') return `${path}.values is only for type "string" (this one is ${JSON.stringify(type)})`;
    if (!Array.isArray(values) || values.length === 0 || values.some((item) => typeof item !== 'string')) return `${path}.values must be a non-empty list of strings, got ${describeValue(values)}`;
  }
  if (spec['default'] !== undefined) {
    const expected = optionValueProblem(spec as unknown as OptionSpec, spec['default']);
    if (expected !== undefined) return `${path}.default must fit its own spec: ${expected}, got ${describeValue(spec['default'])}`;
  }
  return undefined;
}

/**
 * What is wrong with an options schema, at every level of `properties`, or
 * undefined. Each spec is checked against itself as well as for shape: a
 * known `type`, a `description`, no unknown key (with the nearest known
 * one), `min`/`max` only on numbers and `min` ≤ `max`, `values` only on
 * strings, and a `default` that fits its own type, range and values.
 */
export function schemaProblem(schema: unknown, path: string): string | undefined {
  if (!isPlainObject(schema)) return `${path} must be an object of option specs, got ${describeValue(schema)}`;
  for (const [option, spec] of Object.entries(schema)) {
    const at = `${path}.${option}`;
    const wrong = specProblem(spec, at);
    if (wrong !== undefined) return wrong;
    const { type, properties } = spec as Record<string, unknown>;
    if (properties !== undefined) {
      if (type !== 'object') return `${at}.properties is only for type "object"`;
      const nested = schemaProblem(properties, `${at}.properties`);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}
