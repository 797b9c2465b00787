import { describe, expect, it } from 'vitest';
import { describeClient } from './client-identity.js';

describe('describeClient', () => {
  it('names a token by a short fingerprint and its address, anything else by its address', () => {
    expect(describeClient('token 0123456789abcdef0123456789abcdef', '127.0.0.1')).toBe('token 01234567 (from 127.0.0.1)');
    expect(describeClient('address 127.0.0.1', '127.0.0.1')).toBe('127.0.0.1');
    expect(describeClient('a', 'a')).toBe('a');
    expect(describeClient('token 0123456789abcdef0123456789abcdef')).toBe('token 01234567');
    expect(describeClient('address 127.0.0.1')).toBe('address 127.0.0.1');
  });
});
