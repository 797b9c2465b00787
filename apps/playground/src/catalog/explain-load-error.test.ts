import { createLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { explainLoadError } from './explain-load-error.js';

describe('explainLoadError', () => {
  it('says where to raise the limit when a catalog is too large', () => {
    const error = createLoadoutError('catalog-too-large', 'big.json: catalog has 10001 tools, more than the limit of 10000', { source: 'big.json' });
    expect(explainLoadError(error, 'big.json', 1_000_000)).toMatchObject({
      code: 'catalog-too-large',
      message: 'big.json: catalog has 10001 tools, more than the limit of 10000; raise the tool limit under the drop zone to load it (up to 1,000,000)',
      details: { source: 'big.json' },
    });
  });

  it('names the file when the message does not', () => {
    const error = createLoadoutError('index-corrupt', '@loadout/browser: the prebuilt index is corrupt: checksum mismatch', { reason: 'checksum mismatch' });
    expect(explainLoadError(error, 'trunc.index', 1_000_000)).toMatchObject({
      code: 'index-corrupt',
      message: 'trunc.index: @loadout/browser: the prebuilt index is corrupt: checksum mismatch',
      details: { reason: 'checksum mismatch' },
    });
  });

  it('returns any other error unchanged', () => {
    const error = createLoadoutError('catalog-invalid-json', 'x.json: invalid JSON');
    expect(explainLoadError(error, 'x.json', 1_000_000)).toBe(error);
    expect(explainLoadError('boom', 'x.json', 1_000_000)).toBe('boom');
    const limit = createLoadoutError('invalid-option', '@loadout/playground: the tool limit must be an integer from 1 to 1,000,000 (got 0)');
    expect(explainLoadError(limit, undefined, 1_000_000)).toBe(limit);
  });
});
