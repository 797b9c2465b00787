import { describe, expect, it } from 'vitest';
import { redactUrls } from './redact-urls.js';

describe('redactUrls', () => {
  it('redacts every URL in a message, leaving the punctuation after it (trial 3437)', () => {
    const message =
      'Request cannot be constructed from a URL that includes credentials: https://user:hunter2@example.invalid/mcp?api_key=SECRETKEY; retrying in 1 s';
    expect(redactUrls(message)).toBe('Request cannot be constructed from a URL that includes credentials: https://***@example.invalid/mcp?api_key=***; retrying in 1 s');
    expect(redactUrls('no URL here')).toBe('no URL here');
  });

  it('redacts URLs of any scheme, as a connection string in an error quotes them', () => {
    expect(redactUrls('connect to postgres://app:pw@db:5432/app failed (redis://:s3cret@cache:6379).')).toBe(
      'connect to postgres://***@db:5432/app failed (redis://***@cache:6379).',
    );
  });
});
