import { createCatalog } from '@loadout/core';
import { createFakeRanker } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createTrackedPersistence } from './tracked-persistence.js';

describe('createTrackedPersistence', () => {
  it('saves and restores through the part recorded for the ranker, under the given format', async () => {
    const tracked = createTrackedPersistence<{ label: string; restored?: Uint8Array }>('has no label');
    const part = { label: 'abc' };
    const ranker = tracked.track(createFakeRanker({ name: 'labelled' }), part);
    const calls: string[] = [];
    const persistence = tracked.persistence('label1', {
      save: (saved, owner) => {
        calls.push(`save ${saved.label} of ${owner.name}`);
        return new TextEncoder().encode(saved.label);
      },
      async restore(restored, owner, bytes, tools) {
        calls.push(`restore ${new TextDecoder().decode(bytes)} into ${owner.name} for ${tools.length} tools`);
        restored.restored = bytes;
      },
    });
    expect(persistence.format).toBe('label1');
    const bytes = await persistence.save(ranker);
    expect(new TextDecoder().decode(bytes)).toBe('abc');
    await persistence.restore(ranker, bytes, createCatalog(TOOLS).tools);
    expect(calls).toEqual(['save abc of labelled', `restore abc into labelled for ${TOOLS.length} tools`]);
    expect(part).toMatchObject({ restored: bytes });
  });

  it('rejects a ranker it never tracked with invalid-input, naming it, on save and on restore', async () => {
    const tracked = createTrackedPersistence<object>('keeps no stored vectors');
    const persistence = tracked.persistence('x1', { save: () => new Uint8Array(), restore: async () => undefined });
    const stranger = createFakeRanker({ name: 'stranger' });
    await expect(persistence.save(stranger)).rejects.toMatchObject({ code: 'invalid-input', message: '@loadout/browser: ranker "stranger" keeps no stored vectors' });
    await expect(persistence.restore(stranger, new Uint8Array(), [])).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('keeps the parts of two trackers apart', async () => {
    const one = createTrackedPersistence<string>('is not one');
    const two = createTrackedPersistence<string>('is not two');
    const ranker = one.track(createFakeRanker({ name: 'r' }), 'first');
    const save = (part: string) => new TextEncoder().encode(part);
    await expect(one.persistence('a', { save, restore: async () => undefined }).save(ranker)).resolves.toEqual(save('first'));
    await expect(two.persistence('b', { save, restore: async () => undefined }).save(ranker)).rejects.toMatchObject({ message: '@loadout/browser: ranker "r" is not two' });
  });
});
