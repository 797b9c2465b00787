import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createDiscoverySession } from './discovery-session.js';
import type { DiscoverySessionSnapshot } from './discovery-session.js';

const answer = (callId: string, ...toolNames: string[]) => ({ callId, toolNames });

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('createDiscoverySession', () => {
  it('loads the tools of new answers once and unloads those whose every answer left', () => {
    const session = createDiscoverySession();
    expect(session.sync([answer('t1', 'a', 'b'), answer('t2', 'b', 'c')])).toEqual({ loaded: ['a', 'b', 'c'], unloaded: [] });
    expect(session.sync([answer('t1', 'a', 'b'), answer('t2', 'b', 'c')])).toEqual({ loaded: [], unloaded: [] });
    expect(session.sync([answer('t2', 'b', 'c')])).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.discoveredIn('b')).toEqual(['t2']);
    expect(session.sync([], ['t2'])).toEqual({ loaded: [], unloaded: [] });
    expect(session.sync([])).toEqual({ loaded: [], unloaded: ['b', 'c'] });
  });

  it('keeps recorded ids through sync and drops them on compact', () => {
    const session = createDiscoverySession();
    session.record('m1', ['x']);
    session.sync([answer('t1', 'y')]);
    expect(session.sync([])).toEqual({ loaded: [], unloaded: ['y'] });
    expect(session.isLoaded('x')).toBe(true);
    expect(session.compact(['m1'])).toEqual({ loaded: [], unloaded: ['x'] });
    expect(session.loaded()).toEqual([]);
  });

  it('compacting a synced id forgets it, so a later sync that still holds it loads it again', () => {
    const session = createDiscoverySession();
    session.sync([answer('t1', 'a')]);
    expect(session.compact(['t1'])).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.sync([answer('t1', 'a')])).toEqual({ loaded: ['a'], unloaded: [] });
  });

  it('round-trips through a JSON snapshot, and resets', () => {
    const session = createDiscoverySession();
    session.sync([answer('t1', 'a')]);
    session.record('m1', ['b']);
    const snapshot = JSON.parse(JSON.stringify(session.snapshot())) as DiscoverySessionSnapshot;
    expect(snapshot.synced).toEqual(['t1']);
    const restored = createDiscoverySession({ snapshot: { ...snapshot, synced: [...snapshot.synced, 7 as never] } });
    expect(restored.loaded()).toEqual(['a', 'b']);
    expect(restored.sync([answer('t1', 'a')])).toEqual({ loaded: [], unloaded: [] });
    expect(restored.sync([])).toEqual({ loaded: [], unloaded: ['a'] });
    expect(restored.snapshot().synced).toEqual([]);
    session.reset();
    expect(session.loaded()).toEqual([]);
    expect(session.snapshot().synced).toEqual([]);
  });

  it('rejects a snapshot without a synced list or with a malformed session as invalid-input', () => {
    const good = createDiscoverySession().snapshot();
    for (const snapshot of [{ ...good, synced: 'x' }, { ...good, session: { version: 2 } }]) {
      const error = errorOf(() => createDiscoverySession({ snapshot: snapshot as never }));
      expect(isLoadoutError(error) && error.code).toBe('invalid-input');
    }
  });
});
