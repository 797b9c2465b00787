import { describe, it, expect } from 'vitest';
import { createModResolver } from '@loadout/core';
import { rules } from './rules.js';
import { baseEvent, makeTool } from './__fixtures__/tools.js';

describe('rules', () => {
  it('builds a named mod from declarative rules, the last match deciding', () => {
    const mod = rules('github-policy', [
      { server: 'github', isDeferred: false },
      { server: 'github', tool: 'delete_*', isDeferred: true, description: 'Dangerous: deletes a repository.' },
    ]);
    expect(mod.name).toBe('github-policy');
    const resolver = createModResolver([mod]);
    const create = makeTool('create_issue', { server: 'github' });
    const remove = makeTool('delete_repository', { server: 'github' });
    expect(resolver.resolve(create, baseEvent(create)).isDeferred).toBe(false);
    expect(resolver.resolve(remove, baseEvent(remove))).toMatchObject({
      isDeferred: true,
      description: 'Dangerous: deletes a repository.',
    });
  });

  it('rejects malformed rules', () => {
    expect(() => rules('bad', [{ tool: 3 as never }])).toThrow(/rule 0/);
  });
});
