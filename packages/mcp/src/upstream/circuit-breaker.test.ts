import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './circuit-breaker.js';

describe('createCircuitBreaker', () => {
  it('opens after N failures in a row, refuses during the cooldown, lets one trial through, and closes on its success', () => {
    let clock = 0;
    const breaker = createCircuitBreaker({ failures: 3, cooldownMs: 1000 }, () => clock);
    breaker.failed('timeout');
    breaker.failed('timeout');
    breaker.succeeded();
    breaker.failed('a');
    breaker.failed('b');
    expect(breaker.refusal()).toBeUndefined();
    breaker.failed('c');
    expect(breaker.isOpen()).toBe(true);
    expect(breaker.refusal()).toEqual({ failures: 3, lastFailure: 'c', retryAt: 1000 });
    clock = 1000;
    expect(breaker.refusal()).toBeUndefined();
    expect(breaker.refusal()).toMatchObject({ failures: 3 });
    breaker.succeeded();
    expect(breaker.isOpen()).toBe(false);
    expect(breaker.refusal()).toBeUndefined();
  });

  it('re-opens for another cooldown when the trial call fails, and frees the trial when it ends neither way', () => {
    let clock = 0;
    const breaker = createCircuitBreaker({ failures: 1, cooldownMs: 100 }, () => clock);
    breaker.failed('x');
    clock = 100;
    expect(breaker.refusal()).toBeUndefined();
    breaker.failed('still failing');
    expect(breaker.refusal()).toEqual({ failures: 2, lastFailure: 'still failing', retryAt: 200 });
    clock = 200;
    expect(breaker.refusal()).toBeUndefined();
    breaker.released();
    expect(breaker.refusal()).toBeUndefined();
  });

  it('a reconnection lets the trial call through at once, and a closed circuit keeps its count (3468)', () => {
    let clock = 0;
    const breaker = createCircuitBreaker({ failures: 2, cooldownMs: 1000 }, () => clock);
    breaker.failed('lost');
    breaker.reconnected();
    breaker.failed('lost again');
    expect(breaker.refusal()).toEqual({ failures: 2, lastFailure: 'lost again', retryAt: 1000 });
    clock = 10;
    breaker.reconnected();
    expect(breaker.isOpen()).toBe(false);
    expect(breaker.refusal()).toBeUndefined();
    expect(breaker.refusal()).toMatchObject({ failures: 2 });
    breaker.failed('the trial failed');
    expect(breaker.refusal()).toEqual({ failures: 3, lastFailure: 'the trial failed', retryAt: 1010 });
  });
});
