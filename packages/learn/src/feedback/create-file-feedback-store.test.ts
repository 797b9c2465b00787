import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealLearnedDecision } from '../decision/learned-decision.js';
import { createFileFeedbackStore } from './create-file-feedback-store.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loadout-file-store-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('createFileFeedbackStore', () => {
  it('keeps events at its path and the decision in learned.json beside it', async () => {
    const store = createFileFeedbackStore(join(folder, 'usage', 'feedback.jsonl'));
    expect(store.decisionLocation).toBe(join(folder, 'usage', 'learned.json'));
    expect(await store.readDecision()).toEqual({ kind: 'missing' });
    await store.append([{ query: 'save it', called: ['write_file'], at: 1_000 }]);
    expect((await store.read()).events).toEqual([{ query: 'save it', called: ['write_file'], at: 1_000 }]);
    await store.writeDecision({ enabled: true, usageWeight: 1 });
    expect(await store.readDecision()).toEqual({ kind: 'decided', decision: { enabled: true, usageWeight: 1, store: 'feedback.jsonl' } });
    expect(await store.purge()).toEqual([store.location, store.decisionLocation]);
    expect(await store.purge()).toEqual([]);
    expect(await store.readDecision()).toEqual({ kind: 'missing' });
  });

  it('never deletes or rewrites a file that holds no events (empty, blank): purge and compact leave it as it is', async () => {
    const path = join(folder, '__init__.py');
    const store = createFileFeedbackStore(path);
    const old = new Date('2020-01-01T00:00:00Z');
    for (const text of ['', '\n \n']) {
      await writeFile(path, text);
      await utimes(path, old, old);
      expect(await store.purge()).toEqual([]);
      expect(await store.compact()).toEqual({ kept: 0, dropped: 0 });
      expect(await readFile(path, 'utf8')).toBe(text);
      expect((await stat(path)).mtimeMs).toBe(old.getTime());
    }
    expect(await createFileFeedbackStore(join(folder, 'missing.jsonl')).compact()).toEqual({ kept: 0, dropped: 0 });
    expect(await readdir(folder)).toEqual(['__init__.py']);
  });

  it('never applies, replaces or purges the decision of another store in the same folder', async () => {
    const a = createFileFeedbackStore(join(folder, 'a.jsonl'));
    const b = createFileFeedbackStore(join(folder, 'b.jsonl'));
    await a.append([{ query: 'save it', called: ['write_file'], at: 1_000 }]);
    await b.append([{ query: 'read it', called: ['read_file'], at: 1_000 }]);
    await a.writeDecision({ enabled: true, usageWeight: 1 });
    const sealed = await readFile(a.decisionLocation);
    expect(await b.readDecision()).toEqual({ kind: 'other-store', store: 'a.jsonl' });
    await expect(b.writeDecision({ enabled: false, usageWeight: 1 })).rejects.toMatchObject({ code: 'file-overwrite-refused', message: expect.stringContaining("is not this store's decision (another store's, or a file loadout did not write)") });
    expect(await b.purge()).toEqual([b.location]);
    expect(await readFile(a.decisionLocation)).toEqual(sealed);
    expect(await a.readDecision()).toEqual({ kind: 'decided', decision: { enabled: true, usageWeight: 1, store: 'a.jsonl' } });
    // A file loadout did not write is the user's: never replaced or purged.
    await writeFile(a.decisionLocation, '{"model": "mine"}');
    await expect(a.writeDecision({ enabled: true, usageWeight: 1 })).rejects.toMatchObject({ code: 'file-overwrite-refused' });
    expect(await a.purge()).toEqual([a.location]);
    expect(await readFile(a.decisionLocation, 'utf8')).toBe('{"model": "mine"}');
    // A decision written before stores were stamped is any store's, as it was.
    await writeFile(a.decisionLocation, sealLearnedDecision({ enabled: true, usageWeight: 1 }));
    expect(await b.readDecision()).toEqual({ kind: 'decided', decision: { enabled: true, usageWeight: 1 } });
  });

  it('reads a damaged or out-of-range decision as unreadable, with the reason and never the contents', async () => {
    const store = createFileFeedbackStore(join(folder, 'feedback.jsonl'));
    await writeFile(store.decisionLocation, '{secret');
    expect(await store.readDecision()).toEqual({ kind: 'unreadable', reason: 'not sealed (changed by hand, or written by an older loadout)' });
    await writeFile(store.decisionLocation, sealLearnedDecision({ enabled: true, usageWeight: 1e308 }));
    expect(await store.readDecision()).toEqual({ kind: 'unreadable', reason: '"usageWeight" is not a number in 0–100' });
    await writeFile(store.decisionLocation, sealLearnedDecision({ enabled: true, usageWeight: 1, model: { linear: [1, -1e7] } }));
    expect(await store.readDecision()).toEqual({ kind: 'unreadable', reason: 'model.linear[1] is not a finite number within ±1000000' });
    const sealed = sealLearnedDecision({ enabled: true, usageWeight: 1 });
    for (let index = 0; index < sealed.length; index++) {
      const damaged = Uint8Array.from(sealed);
      damaged[index]! ^= 0x04;
      await writeFile(store.decisionLocation, damaged);
      expect((await store.readDecision()).kind).toBe('unreadable');
    }
  });

  it('checkWritable creates an empty store, and fails on a folder in its place', async () => {
    const store = createFileFeedbackStore(join(folder, 'new', 'feedback.jsonl'));
    await store.checkWritable();
    expect(await readFile(store.location, 'utf8')).toBe('');
    await expect(createFileFeedbackStore(folder).checkWritable()).rejects.toMatchObject({ code: 'file-unwritable' });
  });

  it('names a store folder that is a file (ENOTDIR, never a bare EEXIST), and purge finds nothing to delete there', async () => {
    await writeFile(join(folder, '.loadout'), 'mine\n');
    for (const path of [join(folder, '.loadout', 'feedback.jsonl'), join(folder, '.loadout', 'deeper', 'feedback.jsonl')]) {
      const store = createFileFeedbackStore(path);
      await expect(store.append([{ query: 'save it', called: ['write_file'], at: 1_000 }])).rejects.toMatchObject({
        code: 'file-unwritable',
        message: `cannot write ${path}: ENOTDIR (${join(path, '..')}, or a folder above it, is a file: move it, or name another path for the store)`,
      });
      expect(await store.purge()).toEqual([]);
    }
    expect(await readFile(join(folder, '.loadout'), 'utf8')).toBe('mine\n');
  });
});
