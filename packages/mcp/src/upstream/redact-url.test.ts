import { describe, expect, it } from 'vitest';
import { redactErrorUrls } from './redact-url.js';

describe('redactErrorUrls', () => {
  it('redacts an error and its cause in place, keeping its class', () => {
    const error = new TypeError('fetch failed', { cause: new Error('redirected to https://h/x?token=abc.') });
    redactErrorUrls(error);
    expect(error).toBeInstanceOf(TypeError);
    expect((error.cause as Error).message).toBe('redirected to https://h/x?token=***.');
  });
});
