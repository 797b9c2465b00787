import { describe, expect, it } from 'vitest';
import { redactErrorUrls, redactUrls } from './redact-url.js';

describe('redactUrls', () => {
  it('redacts every URL in a message, leaving the punctuation after it (trial 3437)', () => {
    const message =
      'Request cannot be constructed from a URL that includes credentials: https://user:hunter2@example.invalid/mcp?api_key=SECRETKEY; retrying in 1 s';
    expect(redactUrls(message)).toBe('Request cannot be constructed from a URL that includes credentials: https://***@example.invalid/mcp?api_key=***; retrying in 1 s');
    expect(redactUrls('no URL here')).toBe('no URL here');
  });

  it('redacts an error and its cause in place, keeping its class', () => {
    const error = new TypeError('fetch failed', { cause: new Error('redirected to https://h/x?token=abc.') });
    redactErrorUrls(error);
    expect(error).toBeInstanceOf(TypeError);
    expect((error.cause as Error).message).toBe('redirected to https://h/x?token=***.');
  });
});
