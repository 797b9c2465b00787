import { describe, expect, it } from 'vitest';
import { isEnvFlagSet } from './env-flag.js';

describe('isEnvFlagSet', () => {
  it.each(['1', 'true', 'yes', 'ON', 'anything', ' 1 '])('%j is set', (value) => {
    expect(isEnvFlagSet(value)).toBe(true);
  });

  it.each([undefined, '', '  ', '0', 'false', 'FALSE', 'no', 'Off', ' off '])('%j is not set', (value) => {
    expect(isEnvFlagSet(value)).toBe(false);
  });
});
