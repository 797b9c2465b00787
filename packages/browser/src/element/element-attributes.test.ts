import { describe, expect, it } from 'vitest';
import { integerAttribute, LIMIT_RANGE, MAX_TOOLS_RANGE } from './element-attributes.js';

describe('integerAttribute', () => {
  it('reads a whole number in range, and the default when the attribute is absent', () => {
    expect(integerAttribute('limit', null, LIMIT_RANGE)).toBe(5);
    expect(integerAttribute('limit', '1', LIMIT_RANGE)).toBe(1);
    expect(integerAttribute('limit', ' 100 ', LIMIT_RANGE)).toBe(100);
    expect(integerAttribute('max-tools', null, MAX_TOOLS_RANGE)).toBe(10_000);
    expect(integerAttribute('max-tools', '20000', MAX_TOOLS_RANGE)).toBe(20_000);
  });

  it('refuses anything else with invalid-option, naming the attribute, its range and the value', () => {
    for (const value of ['-3', '0', '101', '2.5', '', 'ten', 'Infinity', '1e1', '0x10', '10.0', '+5']) {
      expect(() => integerAttribute('limit', value, LIMIT_RANGE)).toThrow(
        expect.objectContaining({ code: 'invalid-option', message: `<loadout-search>: limit must be a whole number from 1 to 100 (got ${JSON.stringify(value)})` }),
      );
    }
    expect(() => integerAttribute('max-tools', '2000000', MAX_TOOLS_RANGE)).toThrow(/max-tools must be a whole number from 1 to 1,000,000 \(got "2000000"\)/);
  });
});
