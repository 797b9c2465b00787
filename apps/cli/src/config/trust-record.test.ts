import { describe, expect, it } from 'vitest';
import { parseTrustRecord, recordedPath, TRUST_RECORD_VERSION } from './trust-record.js';

describe('parseTrustRecord', () => {
  it('reads a record of the current version with its pinned modules', () => {
    const record = { version: TRUST_RECORD_VERSION, path: '/a/loadout.config.json', sha256: 'ab', modules: [{ key: 'plugins[0]', path: '/a/m.mjs', sha256: null }] };
    expect(parseTrustRecord(JSON.stringify(record))).toEqual({ kind: 'pinned', record });
  });

  it('reads the local files a module imports (3469), and a record without them as before', () => {
    const imports = [{ path: '/a/helpers.mjs', sha256: 'cd' }];
    const record = { version: TRUST_RECORD_VERSION, path: '/a/loadout.config.json', sha256: 'ab', modules: [{ key: 'rankers.x', path: '/a/x.mjs', sha256: 'ef', imports }] };
    expect(parseTrustRecord(JSON.stringify(record))).toEqual({ kind: 'pinned', record });
    const stored = parseTrustRecord(JSON.stringify({ ...record, modules: [{ key: 'rankers.x', path: '/a/x.mjs', sha256: 'ef' }] }));
    expect(stored.kind === 'pinned' && stored.record.modules[0]?.imports).toBeUndefined();
  });

  it.each([
    ['a record of format 1 (no version)', '{"path":"/a/loadout.config.json","sha256":"ab"}', /trusted before `loadout trust` pinned the modules/],
    ['another version', '{"version":3,"path":"/a","sha256":"ab","modules":[]}', /version 3, not 2/],
    ['text that is not JSON', '{"version":2,', /unreadable/],
    ['a module without its hash', '{"version":2,"path":"/a","sha256":"ab","modules":[{"key":"plugins[0]","path":"/a/m.mjs"}]}', /unreadable/],
    ['an import without its hash', '{"version":2,"path":"/a","sha256":"ab","modules":[{"key":"plugins[0]","path":"/a/m.mjs","sha256":"cd","imports":[{"path":"/a/h.mjs"}]}]}', /unreadable/],
  ])('calls %s outdated, saying why, never throwing', (_, text, why) => {
    const stored = parseTrustRecord(text);
    expect(stored.kind).toBe('outdated');
    expect(stored.kind === 'outdated' && stored.why).toMatch(why);
  });
});

describe('recordedPath', () => {
  it('reads the config path of a record of any version, and none from other text', () => {
    expect(recordedPath('{"path":"/a/loadout.config.json","sha256":"ab"}')).toBe('/a/loadout.config.json');
    expect(recordedPath('{"version":3,"path":"/a"}')).toBe('/a');
    expect(recordedPath('{"version":2,')).toBeUndefined();
    expect(recordedPath('{"path":7}')).toBeUndefined();
  });
});
