import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import type { OptionSpec } from './options-schema.js';
import { validateRankerDefinition } from './validate-ranker-definition.js';

const definition = { specificationVersion: 'v1', name: 'd', description: 'x', queryKind: 'keywords', create: () => ({}) };

function refusal(value: unknown): string | undefined {
  try {
    validateRankerDefinition(value, 'd.mjs');
    return undefined;
  } catch (error) {
    expect(isLoadoutError(error) && error.code).toBe('ranker-invalid');
    return (error as Error).message.replace('d.mjs: not a ranker definition: ', '');
  }
}

const withOption = (spec: Record<string, unknown>): unknown => ({ ...definition, options: { a: { description: 'd', ...spec } } });

describe('validateRankerDefinition checks each option spec against itself', () => {
  // The trial's d21–d24 (decision 3451): each was accepted, and `loadout rankers` printed "integer, default 9, 5–1".
  it.each<[string, Record<string, unknown>, string]>([
    ['min above max (d21)', { type: 'integer', min: 5, max: 1, default: 9 }, 'options.a: min 5 is above max 1'],
    ['a string default not among its values (d22)', { type: 'string', values: ['x', 'y'], default: 'z' }, 'options.a.default must fit its own spec: one of "x", "y", got "z"'],
    ['an integer default that is not an integer (d23)', { type: 'integer', default: 1.5 }, 'options.a.default must fit its own spec: an integer, got 1.5'],
    ['a default out of its own range', { type: 'number', min: 0, max: 1, default: 2 }, 'options.a.default must fit its own spec: a number from 0 to 1, got 2'],
    ['a boolean default that is a string', { type: 'boolean', default: 'true' }, 'options.a.default must fit its own spec: a boolean, got "true"'],
    ['min on a string', { type: 'string', min: 1 }, 'options.a.min is only for type "number" or "integer" (this one is "string")'],
    ['a bound that is not a number', { type: 'number', max: '9' }, 'options.a.max must be a finite number, got "9"'],
    ['values on a number', { type: 'number', values: ['1'] }, 'options.a.values is only for type "string" (this one is "number")'],
    ['empty values', { type: 'string', values: [] }, 'options.a.values must be a non-empty list of strings, got []'],
    ['a misspelt key, with the nearest', { type: 'number', defualt: 1 }, 'options.a has unknown key "defualt"; did you mean "default"? (keys: type, description, default, min, max, values, properties)'],
  ])('refuses %s', (_, spec, message) => {
    expect(refusal(withOption(spec))).toBe(message);
  });

  it('says a missing description is missing, not every type (d8)', () => {
    expect(refusal({ ...definition, options: { a: { type: 'integer' } } })).toBe('options.a.description must be a non-empty string (what the option does, for --help and errors), got undefined');
  });

  it('checks nested properties the same way (d24)', () => {
    const spec = { type: 'object', description: 'd', properties: { b: { type: 'number', default: 'q', description: 'd' } } };
    expect(refusal({ ...definition, options: { a: spec } })).toBe('options.a.properties.b.default must fit its own spec: a number, got "q"');
  });

  it('accepts specs whose defaults fit them', () => {
    const specs: Record<string, OptionSpec> = {
      depth: { type: 'integer', min: 1, max: 3, default: 3, description: 'how deep' },
      mode: { type: 'string', values: ['a', 'b'], default: 'b', description: 'mode' },
      weight: { type: 'number', min: 0, default: 0.5, description: 'weight' },
      nested: { type: 'object', default: {}, description: 'more', properties: { k1: { type: 'number', default: 1.2, description: 'k1' } } },
      embedder: { type: 'any', description: 'code only' },
    };
    expect(refusal({ ...definition, options: specs })).toBeUndefined();
  });
});

describe('validateRankerDefinition refuses keys the contract lacks', () => {
  it.each<[string, unknown, string]>([
    ['a misspelt top-level key', { ...definition, descripton: 'x' }, 'the definition has unknown key "descripton"; did you mean "description"? (keys: specificationVersion, name, description, queryKind, options, capabilities, create)'],
    ['an unknown capability', { ...definition, capabilities: { gpu: true } }, 'capabilities has unknown key "gpu" (keys: browserSafe, persistence, usage)'],
    ['a misspelt capability', { ...definition, capabilities: { browsersafe: true } }, 'capabilities has unknown key "browsersafe"; did you mean "browserSafe"? (keys: browserSafe, persistence, usage)'],
    ['an unknown key of usage', { ...definition, capabilities: { usage: { withUsage: () => ({}), learn: ['model'] } } }, 'capabilities.usage has unknown key "learn"; did you mean "learns"? (keys: withUsage, learns)'],
    ['a description that is not a string', { ...definition, description: 3 }, 'description must be a string, got 3'],
  ])('refuses %s', (_, value, message) => {
    expect(refusal(value)).toBe(message);
  });
});
