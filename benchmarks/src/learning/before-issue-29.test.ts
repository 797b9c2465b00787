import { describe, expect, it } from 'vitest';
import { againstBefore, BEFORE_ISSUE_29 } from './before-issue-29.js';

describe('againstBefore', () => {
  it('gives the recorded Recall@5 and this run minus it, in points, per learner and set', () => {
    expect(againstBefore('lexical', 'mix10k', 0.792)).toBe('80.4 / −1.2');
    expect(againstBefore('lexical-seed2', 'livemcpbench', 0.5827)).toBe('52.3 / +6.0');
  });

  it('records every set on both partitions, and shows – for anything else', () => {
    for (const sets of Object.values(BEFORE_ISSUE_29)) expect(Object.keys(sets).sort()).toEqual(['livemcpbench', 'mix10k', 'sealtools', 'toolbench_stb']);
    expect(againstBefore('lexical', 'other-set', 0.5)).toBe('–');
    expect(againstBefore('lexical-seed3', 'mix10k', 0.5)).toBe('–');
    expect(againstBefore('lexical', 'mix10k', Number.NaN)).toBe('–');
  });
});
