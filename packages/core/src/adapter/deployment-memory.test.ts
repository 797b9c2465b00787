import { describe, expect, it } from 'vitest';
import { createDeploymentMemory, normalizeBaseURL } from './deployment-memory.js';

describe('normalizeBaseURL', () => {
  it('lower-cases scheme and host, drops default ports and trailing slashes, keeps the path', () => {
    expect(normalizeBaseURL(' HTTPS://GW.Example.com:443/v1/ ')).toBe('https://gw.example.com/v1');
    expect(normalizeBaseURL('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(normalizeBaseURL('not a url/')).toBe('not a url');
  });
});

describe('createDeploymentMemory', () => {
  it('remembers deployments by normalised base URL, and forgets them', () => {
    const memory = createDeploymentMemory();
    expect(memory.has('https://gw.example')).toBe(false);
    memory.remember('https://GW.example/', 'rejected', 'no defer_loading here');
    expect(memory.has('https://gw.example')).toBe(true);
    expect(memory.get('https://gw.example/')).toEqual({ baseURL: 'https://gw.example', reason: 'rejected', message: 'no defer_loading here' });
    expect(memory.has('https://other.example')).toBe(false);
    expect(memory.forget('https://gw.example')).toBe(true);
    expect(memory.forget('https://gw.example')).toBe(false);
    expect(memory.records()).toEqual([]);
  });

  it('starts from given records, JSON-safe, and keeps them apart from another memory', () => {
    const first = createDeploymentMemory();
    first.remember('https://a.example', 'provider-rejects');
    first.remember('https://b.example', 'rejected', 'x');
    const second = createDeploymentMemory({ records: JSON.parse(JSON.stringify(first.records())) });
    expect(second.records()).toEqual(first.records());
    second.forget('https://a.example');
    expect(first.has('https://a.example')).toBe(true);
  });
});
