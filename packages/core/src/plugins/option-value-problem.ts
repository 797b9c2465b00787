import { isPlainObject } from '../catalog/is-plain-object.js';
import type { OptionSpec } from './options-schema.js';

/**
 * What `value` must be to fit `spec` (`"an integer from 1 to 100"`, `"one of
 * "x", "y""`), or undefined when it fits: its type, range and values.
 * Nested `properties` are not looked into.
 */
export function optionValueProblem(spec: OptionSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'any':
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'a boolean';
    case 'object':
      return isPlainObject(value) ? undefined : 'an object';
    case 'string':
      if (typeof value !== 'string') return 'a string';
      return spec.values === undefined || spec.values.includes(value) ? undefined : `one of ${spec.values.map((item) => JSON.stringify(item)).join(', ')}`;
    case 'number':
    case 'integer': {
      const range = spec.min !== undefined && spec.max !== undefined ? ` from ${spec.min} to ${spec.max}` : spec.min !== undefined ? ` ≥ ${spec.min}` : spec.max !== undefined ? ` ≤ ${spec.max}` : '';
      const expected = `${spec.type === 'integer' ? 'an integer' : 'a number'}${range}`;
      if (typeof value !== 'number' || !Number.isFinite(value)) return expected;
      if (spec.type === 'integer' && !Number.isInteger(value)) return expected;
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) return expected;
      return undefined;
    }
  }
}
