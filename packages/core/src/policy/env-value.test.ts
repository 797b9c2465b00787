import { describe, expect, it } from 'vitest';
import { parseToolSearchEnv } from './env-value.js';

describe('parseToolSearchEnv', () => {
  it.each([
    [undefined, 'unset', null],
    ['', 'unset', null],
    ['   ', 'unset', null],
    ['true', 'true', null],
    [' TRUE ', 'true', null],
    ['False', 'false', null],
    ['auto', 'auto', 10],
    ['AUTO', 'auto', 10],
    ['auto:5', 'auto', 5],
    [' Auto:0 ', 'auto', 0],
    ['auto:100', 'auto', 100],
    ['auto:2.5', 'auto', 2.5],
    ['auto:.5', 'auto', 0.5],
  ] as const)('reads %j as %s (%s%%)', (value, mode, percent) => {
    const parsed = parseToolSearchEnv(value);
    expect(parsed).toMatchObject({ mode, thresholdPercent: percent, valid: true });
  });

  it.each(['yes', '1', 'on', 'auto:', 'auto:101', 'auto:-1', 'auto:5%', 'auto:1e1', 'auto: 5', 'auto:abc', 'truee', 'auto:5:5'])(
    'rejects %j and reads it as unset',
    (value) => {
      expect(parseToolSearchEnv(value)).toEqual({ mode: 'unset', thresholdPercent: null, raw: value, valid: false });
    },
  );

  it('keeps the raw value for messages', () => {
    expect(parseToolSearchEnv(' auto:7 ').raw).toBe(' auto:7 ');
  });

  it('treats a non-string as unset without complaint', () => {
    expect(parseToolSearchEnv(42)).toMatchObject({ mode: 'unset', valid: true, raw: null });
  });
});
