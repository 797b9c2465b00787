import { describe, expect, it } from 'vitest';
import { healthStatus } from './health-status.js';

describe('healthStatus', () => {
  it('is 503 stopping once shutdown started, whatever the gateway (a load balancer stops sending first)', () => {
    expect(healthStatus(undefined, true)).toEqual({ code: 503, body: { status: 'stopping' } });
    expect(healthStatus(undefined)).toEqual({ code: 503, body: { status: 'starting' } });
  });
});
