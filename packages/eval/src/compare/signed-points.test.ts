import { describe, expect, it } from 'vitest';
import { pointsAsPrinted, signedPoints } from './signed-points.js';

describe('signedPoints', () => {
  it('signs what prints above or below 0, and prints 0.0 unsigned for what rounds to it', () => {
    expect(signedPoints(0.0283)).toBe('+2.8');
    expect(signedPoints(-0.014)).toBe('−1.4');
    expect(signedPoints(0)).toBe('0.0');
    expect(signedPoints(0.0004)).toBe('0.0');
    expect(signedPoints(-0.0004)).toBe('0.0');
    expect(signedPoints(0.0006)).toBe('+0.1');
    expect(pointsAsPrinted(-0.0004)).toBe(0);
    expect(Object.is(pointsAsPrinted(-0.0004), -0)).toBe(false);
    expect(pointsAsPrinted(0.0006)).toBe(0.1);
  });
});
