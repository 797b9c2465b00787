import { describe, expect, it } from 'vitest';
import { withUsageField } from './with-usage-field.js';

describe('withUsageField', () => {
  const text = (): string | undefined => 'send mail';

  it('adds the usage field at its weight and keeps every other option', () => {
    const options = withUsageField({ k1: 1.5, fieldWeights: { name: 4 } }, { text, weight: 2 });
    expect(options).toEqual({ k1: 1.5, fieldWeights: { name: 4, usage: 2 }, usage: text });
  });

  it('starts from the defaults without options, and leaves the given options unchanged', () => {
    expect(withUsageField(undefined, { text, weight: 1 })).toEqual({ fieldWeights: { usage: 1 }, usage: text });
    const given = { fieldWeights: { usage: 5 } };
    withUsageField(given, { text, weight: 1 });
    expect(given).toEqual({ fieldWeights: { usage: 5 } });
  });
});
