import { isPlainObject } from '../catalog/is-plain-object.js';
import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { didYouMean } from './nearest-name.js';
import { optionValueProblem } from './option-value-problem.js';
import type { OptionsSchema } from './options-schema.js';

/** Checks `given` against `schema` at every level; `path` prefixes nested option names (`bm25.k1`). */
function check(owner: string, schema: OptionsSchema, given: Record<string, unknown>, path: string): void {
  for (const [name, value] of Object.entries(given)) {
    const spec = schema[name];
    const option = `${path}${name}`;
    if (spec === undefined) {
      const names = Object.keys(schema);
      throw createLoadoutError(
        'invalid-option',
        `${owner}: unknown option ${JSON.stringify(option)}${didYouMean(name, names)} (known${path === '' ? '' : ` in ${path.slice(0, -1)}`}: ${names.length === 0 ? 'none' : names.join(', ')})`,
        { owner, option },
      );
    }
    if (value === undefined) continue;
    const expected = optionValueProblem(spec, value);
    if (expected !== undefined) {
      throw createLoadoutError('invalid-option', `${owner}: option ${option} must be ${expected}, got ${describeValue(value)}`, { owner, option, value });
    }
    if (spec.type === 'object' && spec.properties !== undefined) check(owner, spec.properties, value as Record<string, unknown>, `${option}.`);
  }
}

/**
 * Checks `options` against a plug-in's schema and applies its defaults.
 * Throws LoadoutError `invalid-option` naming the plug-in (`owner`), the
 * option (with its path, `bm25.k1x`, inside an object option that lists
 * its `properties`) and the value: an unknown option (with the nearest
 * known one), or a value of the wrong type or out of range. Defaults are
 * filled in at the top level only.
 */
export function readOptions(owner: string, schema: OptionsSchema | undefined, options: unknown): Record<string, unknown> {
  const known = schema ?? {};
  if (options !== undefined && options !== null && !isPlainObject(options)) {
    throw createLoadoutError('invalid-option', `${owner}: options must be an object, got ${describeValue(options)}`, { owner, value: options });
  }
  const given: Record<string, unknown> = { ...(options as Record<string, unknown> | undefined) };
  check(owner, known, given, '');
  for (const [name, spec] of Object.entries(known)) {
    if (given[name] === undefined && spec.default !== undefined) given[name] = spec.default;
  }
  return given;
}
