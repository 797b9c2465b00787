import type { JsonObject, JsonValue } from '@loadout/core';

/** A JSON-schema property; build one with the helpers below. */
export type Property = JsonObject;

/** Extra keywords for a property (`default`, `minimum`, `format`, …). */
export type Keywords = Record<string, JsonValue>;

/** A string property. */
export const str = (description: string, keywords: Keywords = {}): Property => ({ type: 'string', description, ...keywords });

/** An integer property. */
export const int = (description: string, keywords: Keywords = {}): Property => ({ type: 'integer', description, ...keywords });

/** A number property. */
export const num = (description: string, keywords: Keywords = {}): Property => ({ type: 'number', description, ...keywords });

/** A boolean property. */
export const bool = (description: string, keywords: Keywords = {}): Property => ({ type: 'boolean', description, ...keywords });

/** A string property restricted to `values`. */
export const oneOf = (values: readonly string[], description: string, keywords: Keywords = {}): Property => ({
  type: 'string',
  enum: [...values],
  description,
  ...keywords,
});

/** An array property of `items`. */
export const list = (items: Property, description: string, keywords: Keywords = {}): Property => ({
  type: 'array',
  items,
  description,
  ...keywords,
});

/** A nested object property; keys ending in `?` are optional. */
export const obj = (properties: Record<string, Property>, description: string): Property => ({
  ...objectSchema(properties),
  description,
});

/** A free-form object property (any keys). */
export const map = (description: string): Property => ({ type: 'object', description, additionalProperties: true });

/**
 * An object schema from properties; a key ending in `?` is optional, every
 * other key is required.
 */
export function objectSchema(properties: Record<string, Property>): JsonObject {
  const out: Record<string, JsonValue> = {};
  const required: string[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    out[name] = property;
    if (!optional) required.push(name);
  }
  return required.length > 0 ? { type: 'object', properties: out, required } : { type: 'object', properties: out };
}
