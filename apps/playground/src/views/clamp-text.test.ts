import { describe, expect, it } from 'vitest';
import { clampText } from './clamp-text.js';

describe('clampText', () => {
  it('keeps short text and cuts long text at a space near the end, with an ellipsis', () => {
    expect(clampText('send a message', 400)).toBe('send a message');
    const long = 'send message '.repeat(20_000);
    const shown = clampText(long, 400);
    expect(shown.length).toBeLessThanOrEqual(400);
    expect(shown.length).toBeGreaterThan(320);
    expect(shown.endsWith('message…') || shown.endsWith('send…')).toBe(true);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(clampText('x'.repeat(1000), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
