import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createFakeRanker } from '../test/fake-ranker.js';
import { createRegistry } from './create-registry.js';
import type { RankerDefinition } from './ranker-definition.js';
import { usageRankerFactory } from './usage-ranker-factory.js';

const seen: Record<string, unknown>[] = [];
const learner: RankerDefinition = {
  specificationVersion: 'v1',
  name: 'learner',
  queryKind: 'keywords',
  options: { depth: { type: 'integer', min: 1, max: 3, default: 2, description: 'how deep' }, weight: { type: 'number', min: 0, max: 100, description: 'usage weight' } },
  capabilities: { usage: { learns: ['model'], withUsage: (options, usage) => ({ ...options, weight: usage.weight }) } },
  create: (options) => {
    seen.push(options);
    return createFakeRanker({ name: `learner-${String(options['weight'] ?? 'none')}` });
  },
};

describe('usageRankerFactory', () => {
  it('builds the ranker without usage from the options, and with usage from what withUsage returns, both checked', async () => {
    const factory = usageRankerFactory(learner, { depth: 3 })!;
    expect((await factory(undefined)).name).toBe('learner-none');
    expect((await factory({ text: () => 'past query', weight: 0.5 })).name).toBe('learner-0.5');
    expect(seen.at(-1)).toEqual({ depth: 3, weight: 0.5 });
    expect(() => usageRankerFactory(learner, { depht: 3 })).toThrow(/depth/);
  });

  it('is undefined for a definition that does not learn from usage', () => {
    expect(usageRankerFactory({ ...learner, capabilities: {} })).toBeUndefined();
  });

  it('loads a definition written for earlier versions, whose learns names the usage prior they learned', () => {
    const older = { ...learner, name: 'older', capabilities: { usage: { learns: ['prior', 'model'], withUsage: (options: Record<string, unknown>) => options } } } as unknown as RankerDefinition;
    expect(createRegistry({ rankers: [older] }).ranker('older')).toBeDefined();
  });

  it('refuses a definition whose learns names an unknown part', () => {
    const bad = { ...learner, capabilities: { usage: { learns: ['priors'], withUsage: (options: Record<string, unknown>) => options } } } as unknown as RankerDefinition;
    try {
      createRegistry({ rankers: [bad] });
      expect.unreachable();
    } catch (error) {
      expect(isLoadoutError(error) && error.code).toBe('ranker-invalid');
      expect((error as Error).message).toContain('capabilities.usage.learns');
    }
  });
});
