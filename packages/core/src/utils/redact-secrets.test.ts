import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it('masks a bearer token in an Authorization header, keeping the scheme (the trial of 3463)', () => {
    expect(redactSecrets('weather API failed: Authorization: Bearer sk-SECRET-123')).toBe('weather API failed: Authorization: Bearer ***');
    expect(redactSecrets('authorization="Basic dXNlcjpwYXNz", retrying')).toBe('authorization="Basic ***", retrying');
    expect(redactSecrets('Authorization: 0123456789abcdef')).toBe('Authorization: ***');
    expect(redactSecrets('sent Bearer abc.def-123456 to the API')).toBe('sent Bearer *** to the API');
  });

  it('masks secret-named values in text, headers and JSON, keeping the names', () => {
    expect(redactSecrets('api_key=abc123&city=Paris')).toBe('api_key=***&city=Paris');
    expect(redactSecrets('{"password": "hunter2", "user": "ann"}')).toBe('{"password": "***", "user": "ann"}');
    expect(redactSecrets("x-api-key: k-42; client_secret='s'")).toBe("x-api-key: ***; client_secret='***'");
    expect(redactSecrets('DB_PASSWORD=hunter2 SESSION_TOKEN: t0k')).toBe('DB_PASSWORD=*** SESSION_TOKEN: ***');
  });

  it('masks well-known key formats wherever they stand, and URL credentials', () => {
    const keys = ['sk-proj-abcdefghijkl', 'sk_live_abcdefgh1234', 'ghp_abcdefghijklmnopqrstuv', 'xoxb-1234567890-abc', 'AKIAABCDEFGHIJKLMNOP', 'eyJhbGciOi.eyJzdWIiOi.sig'];
    for (const key of keys) expect(redactSecrets(`failed with ${key} today`)).toBe('failed with *** today');
    expect(redactSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- left')).toBe('*** left');
    expect(redactSecrets('GET https://u:p@api.example/v1?key=k1 -> 401')).toBe('GET https://***@api.example/v1?key=*** -> 401');
  });

  it('leaves text without credentials as it is', () => {
    for (const text of ['ENOENT: no such file, open /data/cities.json', 'max_tokens: 4096 exceeded', 'city Paris not found (404)', 'the token count is 12']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it('takes linear time on long runs of name-like text (a-a-a-… took 0.23 s per 10,000 characters, quadratic)', () => {
    for (const unit of ['x-', 'a.', 'ab-', 'a_']) {
      const text = unit.repeat(25_000);
      const start = performance.now();
      expect(redactSecrets(text)).toBe(text);
      expect(performance.now() - start).toBeLessThan(1_000);
    }
  });
});
