import { describe, expect, it } from 'vitest';
import { clampText } from './render-hit.js';

describe('clampText', () => {
  it('keeps text within the limit as it is', () => {
    expect(clampText('Send a message', 14)).toBe('Send a message');
  });

  it('cuts at a space near the end, with an ellipsis, within the limit', () => {
    const cut = clampText('send message words '.repeat(100), 50);
    expect(cut).toBe('send message words send message words send…');
    expect(cut.length).toBeLessThanOrEqual(50);
  });

  it('cuts inside a word when no space is near the end', () => {
    expect(clampText('a'.repeat(30), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('cuts a huge description (the playground shows 400 characters) at a space near the end', () => {
    expect(clampText('send a message', 400)).toBe('send a message');
    const shown = clampText('send message '.repeat(20_000), 400);
    expect(shown.length).toBeLessThanOrEqual(400);
    expect(shown.length).toBeGreaterThan(320);
    expect(shown.endsWith('message…') || shown.endsWith('send…')).toBe(true);
    expect(clampText('x'.repeat(1000), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
