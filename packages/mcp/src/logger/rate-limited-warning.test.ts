import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { createRateLimitedWarning } from './rate-limited-warning.js';

describe('createRateLimitedWarning', () => {
  it('logs the first, then at most one per interval saying how many were left out', () => {
    let clock = 0;
    const logger = createMemoryLogger();
    const warn = createRateLimitedWarning({ logger, intervalMs: 1000, now: () => clock });
    warn('a');
    clock = 500;
    warn('b');
    warn('c');
    clock = 1000;
    warn('d');
    clock = 2500;
    warn('e');
    expect(logger.lines).toEqual(['warn: a', 'warn: d (2 more like it since the last such warning, not logged)', 'warn: e']);
  });
});
