import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('masks the userinfo, query values and a fragment; keeps scheme, host, port, path and parameter names', () => {
    expect(redactUrl('https://user:hunter2@example.invalid/mcp?api_key=SECRETKEY&v=2#tok')).toBe('https://***@example.invalid/mcp?api_key=***&v=***#***');
    expect(redactUrl('postgres://loadout:s3cret@db.example:5432/loadout?sslmode=require&password=x')).toBe('postgres://***@db.example:5432/loadout?sslmode=***&password=***');
  });

  it('masks a user name too: it may be a key', () => {
    expect(redactUrl('https://sk_live_abc:@api.example/v1')).toBe('https://***@api.example/v1');
    expect(redactUrl('https://ghp_abc123@example.invalid/mcp')).toBe('https://***@example.invalid/mcp');
  });

  it('leaves a URL without secrets as written, and masks what could be secrets in one that is not scheme://…', () => {
    expect(redactUrl('http://127.0.0.1:9000/mcp')).toBe('http://127.0.0.1:9000/mcp');
    expect(redactUrl('file:///tmp/x')).toBe('file:///tmp/x');
    expect(redactUrl('https://h/mcp?SECRET')).toBe('https://h/mcp?***');
    expect(redactUrl('u:pw@host/mcp?key=x')).toBe('***@host/mcp?***');
  });
});
