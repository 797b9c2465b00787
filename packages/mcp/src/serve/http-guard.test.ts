import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkRequestHeaders, connectionPrincipal, normalizeOrigin, requestPrincipal, type HttpGuardPolicy } from './http-guard.js';
import { isLoopbackHost, urlHost } from './loopback.js';

const policy: HttpGuardPolicy = {
  allowedHosts: new Set(['127.0.0.1:4000', 'localhost:4000']),
  allowedOrigins: new Set(['http://127.0.0.1:4000', 'http://localhost:5173']),
  anyOrigin: false,
  token: 'correct horse battery',
};
const good = { host: '127.0.0.1:4000', authorization: 'Bearer correct horse battery' };

describe('checkRequestHeaders', () => {
  it('accepts a request from a non-browser client with the token', () => {
    expect(checkRequestHeaders(good, policy)).toBeUndefined();
    expect(checkRequestHeaders({ ...good, host: 'LOCALHOST:4000', authorization: 'bearer correct horse battery' }, policy)).toBeUndefined();
  });

  it('accepts listed origins, compared as normalised origins', () => {
    expect(checkRequestHeaders({ ...good, origin: 'http://LOCALHOST:5173' }, policy)).toBeUndefined();
  });

  it.each([
    [{ ...good, host: 'evil.example:4000' }, 403, /Host "evil.example:4000" is not allowed/],
    [{ authorization: good.authorization }, 403, /Host "" is not allowed/],
    [{ ...good, origin: 'http://evil.example' }, 403, /Origin "http:\/\/evil.example" is not allowed/],
    [{ ...good, origin: 'null' }, 403, /Origin "null" is not allowed/],
    [{ ...good, origin: 'http://localhost:5174' }, 403, /not allowed/],
    [{ host: good.host }, 401, /a bearer token is required/],
    [{ host: good.host, authorization: 'Bearer wrong' }, 401, /not valid/],
    [{ host: good.host, authorization: 'Basic Y29ycmVjdA==' }, 401, /required/],
  ])('refuses %j with %i', (headers, status, pattern) => {
    const rejection = checkRequestHeaders(headers, policy);
    expect(rejection?.status).toBe(status);
    expect(rejection?.code).toBe(status === 401 ? 'gateway-unauthorized' : 'gateway-forbidden');
    expect(rejection?.message).toMatch(pattern);
    if (status === 401) expect(rejection?.headers?.['www-authenticate']).toMatch(/^Bearer/);
  });

  it('checks the origin before the token, so a foreign page learns nothing about authentication', () => {
    expect(checkRequestHeaders({ host: good.host, origin: 'http://evil.example' }, policy)?.status).toBe(403);
  });

  it('skips what the policy leaves open', () => {
    const open: HttpGuardPolicy = { allowedHosts: undefined, allowedOrigins: new Set(), anyOrigin: true, token: undefined };
    expect(checkRequestHeaders({ host: 'anything', origin: 'http://evil.example' }, open)).toBeUndefined();
  });
});

describe('requestPrincipal', () => {
  it('names a token by a keyed fingerprint: stable, one per token, not its plain hash', () => {
    const principal = requestPrincipal(good, policy, '127.0.0.1');
    expect(principal).toMatch(/^token [0-9a-f]{32}$/);
    expect(requestPrincipal({ ...good }, policy, '127.0.0.2')).toBe(principal);
    expect(requestPrincipal({ ...good, authorization: 'Bearer another token' }, policy, '127.0.0.1')).not.toBe(principal);
    const plain = createHash('sha256').update('correct horse battery').digest('hex');
    expect(principal.slice(6, 14)).not.toBe(plain.slice(0, 8));
  });

  it('names a client by its address when there are no tokens', () => {
    expect(requestPrincipal({}, { ...policy, token: undefined }, '10.0.0.3')).toBe('address 10.0.0.3');
  });
});

describe('connectionPrincipal', () => {
  it('is the token’s principal for an accepted token, else the address: an unknown token gets no connections of its own', () => {
    expect(connectionPrincipal(good, policy, '127.0.0.1')).toBe(requestPrincipal(good, policy, '127.0.0.1'));
    expect(connectionPrincipal({ ...good, authorization: 'Bearer another token' }, policy, '127.0.0.1')).toBe('address 127.0.0.1');
    expect(connectionPrincipal({ host: good.host }, policy, '127.0.0.1')).toBe('address 127.0.0.1');
    expect(connectionPrincipal(good, { ...policy, token: undefined }, '10.0.0.3')).toBe('address 10.0.0.3');
  });
});

describe('origins and hosts', () => {
  it('normalises origins and rejects non-http ones', () => {
    expect(normalizeOrigin('http://Example.com:80')).toBe('http://example.com');
    expect(normalizeOrigin('https://a.example:8443/path')).toBe('https://a.example:8443');
    expect(normalizeOrigin('file:///tmp')).toBeUndefined();
    expect(normalizeOrigin('null')).toBeUndefined();
  });

  it('recognises loopback addresses only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', 'LOCALHOST']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '192.168.1.2', '::', 'example.com', '127.0.0.256', '1127.0.0.1']) expect(isLoopbackHost(host)).toBe(false);
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('127.0.0.1')).toBe('127.0.0.1');
  });
});
