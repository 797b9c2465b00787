import { describe, expect, it } from 'vitest';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { reportWarnings } from './command-warnings.js';

const warning = (at: number, code = 'catalog-missing-name') => ({ code, message: `tool at index ${at} has no name` });

describe('reportWarnings', () => {
  it('prints 10 warnings, then counts the rest with their codes on one line', () => {
    const run = fakeContext();
    reportWarnings('search', [...Array.from({ length: 11 }, (_, at) => warning(at)), warning(11, 'catalog-duplicate-name'), warning(12)], run.context, false);
    const lines = run.stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(11);
    expect(lines[9]).toBe('loadout search: warning: tool at index 9 has no name [catalog-missing-name]');
    expect(lines[10]).toBe('loadout search: warning: 3 more warnings not shown [catalog-missing-name, catalog-duplicate-name]');
  });

  it('prints every warning when there are 10 or fewer, and --strict fails naming the codes', () => {
    const run = fakeContext();
    expect(() => reportWarnings('plan', [warning(0)], run.context, true)).toThrow(/--strict: 1 warning \(catalog-missing-name\)/);
    expect(run.stderr()).toBe('loadout plan: warning: tool at index 0 has no name [catalog-missing-name]\n');
  });
});
