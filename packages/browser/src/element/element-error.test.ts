import { createLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { elementError } from './element-error.js';

const url = new URL('https://tools.example/site/tools.json');

describe('elementError', () => {
  it('starts every message with <loadout-search>: once, replacing a package prefix, and keeps the code and details', () => {
    expect(elementError(createLoadoutError('index-corrupt', '@loadout/browser: the prebuilt index is corrupt: truncated', { at: 3 }), url)).toMatchObject({
      code: 'index-corrupt',
      message: '<loadout-search>: https://tools.example/site/tools.json: the prebuilt index is corrupt: truncated',
      details: { at: 3 },
    });
    const fetched = createLoadoutError('file-not-found', '<loadout-search>: https://tools.example/site/tools.json answered HTTP 404');
    expect(elementError(fetched, url)).toBe(fetched);
    expect(elementError(createLoadoutError('catalog-invalid-json', '/site/tools.json: invalid JSON'), url)).toMatchObject({ message: '<loadout-search>: /site/tools.json: invalid JSON' });
    expect(elementError(createLoadoutError('query-too-long', 'tool search query "x…" is 599 characters long'))).toMatchObject({
      message: '<loadout-search>: tool search query "x…" is 599 characters long',
    });
  });

  it('says which attribute raises the limit of a catalog-too-large error, in the message the event carries', () => {
    expect(elementError(createLoadoutError('catalog-too-large', 'catalog has 302 tools, more than the limit of 5'), url)).toMatchObject({
      code: 'catalog-too-large',
      message: '<loadout-search>: https://tools.example/site/tools.json: catalog has 302 tools, more than the limit of 5; set the max-tools attribute to allow more (up to 1,000,000)',
    });
  });

  it('returns another error as it is', () => {
    const error = new TypeError('odd');
    expect(elementError(error, url)).toBe(error);
  });
});
