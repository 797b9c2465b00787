import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createDiscoverySession } from './discovery-session.js';
import type { DiscoverySession, DiscoverySessionSnapshot } from './discovery-session.js';

const answer = (callId: string, ...toolNames: string[]) => ({ callId, toolNames });

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const roundTrip = (session: DiscoverySession): DiscoverySessionSnapshot => JSON.parse(JSON.stringify(session.snapshot())) as DiscoverySessionSnapshot;

describe('createDiscoverySession', () => {
  it('unloads named tools for good while their answers stay; a new answer loads them again', () => {
    const session = createDiscoverySession();
    session.sync([answer('t1', 'a', 'b', 'c')]);
    expect(session.unload(['a', 'x'])).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.sync([answer('t1', 'a', 'b', 'c')])).toEqual({ loaded: [], unloaded: [] });
    expect(session.loaded()).toEqual(['b', 'c']);
    expect(createDiscoverySession({ snapshot: roundTrip(session) }).loaded()).toEqual(['b', 'c']);
    expect(session.sync([answer('t1', 'a', 'b', 'c'), answer('t2', 'a')])).toEqual({ loaded: ['a'], unloaded: [] });
    expect(session.loaded()).toEqual(['b', 'c', 'a']);
  });

  it('loads the tools of new answers once and unloads those whose every answer left', () => {
    const session = createDiscoverySession();
    expect(session.sync([answer('t1', 'a', 'b'), answer('t2', 'b', 'c')])).toEqual({ loaded: ['a', 'b', 'c'], unloaded: [] });
    expect(session.sync([answer('t1', 'a', 'b'), answer('t2', 'b', 'c')])).toEqual({ loaded: [], unloaded: [] });
    expect(session.sync([answer('t2', 'b', 'c')])).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.discoveredIn('b')).toEqual(['t2']);
    expect(session.sync([], ['t2'])).toEqual({ loaded: [], unloaded: [] });
    expect(session.sync([])).toEqual({ loaded: [], unloaded: ['b', 'c'] });
  });

  it('keeps tools in order of first load; a tool found again after compaction moves to the end', () => {
    const session = createDiscoverySession();
    session.sync([answer('t1', 'a'), answer('t2', 'b'), answer('t3', 'a')]);
    expect(session.loaded()).toEqual(['a', 'b']);
    expect(session.discoveredIn('a')).toEqual(['t1', 't3']);
    expect(session.sync([answer('t2', 'b')])).toEqual({ loaded: [], unloaded: ['a'] });
    expect(session.sync([answer('t2', 'b'), answer('t5', 'a')])).toEqual({ loaded: ['a'], unloaded: [] });
    expect(session.loaded()).toEqual(['b', 'a']);
  });

  it('loads the tools of every answer sharing a call id that is new, and none of a later one under a known id', () => {
    const session = createDiscoverySession();
    expect(session.sync([answer('a', 'weather'), answer('a', 'slack')])).toEqual({ loaded: ['weather', 'slack'], unloaded: [] });
    expect(session.sync([answer('a', 'weather'), answer('a', 'slack'), answer('a', 'github')])).toEqual({ loaded: [], unloaded: [] });
    expect(session.discoveredIn('slack')).toEqual(['a']);
    expect(session.sync([])).toEqual({ loaded: [], unloaded: ['weather', 'slack'] });
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

  it('rejects an id or tool name that is not a string', () => {
    const session = createDiscoverySession();
    expect(() => session.record(7 as unknown as string, ['a'])).toThrow(/answer id must be a string, got 7/);
    expect(() => session.sync([answer('t1', null as unknown as string)])).toThrow(/tool name must be a string/);
  });

  it('round-trips through a JSON snapshot, and resets', () => {
    const session = createDiscoverySession();
    session.sync([answer('t1', 'a')]);
    session.record('m1', ['b', 'a']);
    const snapshot = roundTrip(session);
    expect(snapshot).toEqual({ version: 2, tools: [{ name: 'a', ids: ['t1', 'm1'] }, { name: 'b', ids: ['m1'] }], synced: ['t1'] });
    const restored = createDiscoverySession({ snapshot: { ...snapshot, synced: [...snapshot.synced, 7 as never] } });
    expect(restored.loaded()).toEqual(['a', 'b']);
    expect(restored.sync([answer('t1', 'a')])).toEqual({ loaded: [], unloaded: [] });
    expect(restored.sync([])).toEqual({ loaded: [], unloaded: [] });
    expect(restored.compact(['m1'])).toEqual({ loaded: [], unloaded: ['a', 'b'] });
    expect(restored.snapshot().synced).toEqual([]);
    session.reset();
    expect(session.loaded()).toEqual([]);
    expect(session.snapshot()).toEqual({ version: 2, tools: [], synced: [] });
  });

  it('restores the version-1 snapshots the Anthropic session and the earlier discovery session wrote', () => {
    const tools = [{ name: 'a', messages: ['t1', 'm1'], pinned: false }];
    for (const snapshot of [{ version: 1, session: { version: 1, tools }, synced: ['t1'] }, { session: { version: 1, tools }, synced: ['t1'] }]) {
      const restored = createDiscoverySession({ snapshot: snapshot as never });
      expect(restored.discoveredIn('a')).toEqual(['t1', 'm1']);
      expect(restored.sync([])).toEqual({ loaded: [], unloaded: [] });
      expect(restored.compact(['m1'])).toEqual({ loaded: [], unloaded: ['a'] });
    }
  });

  it.each<[string, unknown]>([
    ['not an object', 'oops'],
    ['no synced list', { version: 2, tools: [], synced: 'x' }],
    ['another version', { version: 3, tools: [], synced: [] }],
    ['tools not an array', { version: 2, tools: {}, synced: [] }],
    ['a tool without a name', { version: 2, tools: [{ ids: ['m1'] }], synced: [] }],
    ['a non-string id', { version: 2, tools: [{ name: 'a', ids: [1] }], synced: [] }],
    ['a tool no answer loaded', { version: 2, tools: [{ name: 'a', ids: [] }], synced: [] }],
    ['a duplicate name', { version: 2, tools: [{ name: 'a', ids: ['m1'] }, { name: 'a', ids: ['m2'] }], synced: [] }],
    ['a malformed version-1 session', { session: { version: 1, tools: 'x' }, synced: [] }],
  ])('rejects a snapshot with %s as invalid-input', (_, snapshot) => {
    const error = errorOf(() => createDiscoverySession({ snapshot: snapshot as DiscoverySessionSnapshot }));
    expect(isLoadoutError(error) && error.code).toBe('invalid-input');
  });
});

type Operation =
  | { kind: 'sync'; present: { callId: string; toolNames: string[] }[] }
  | { kind: 'record'; id: string; names: string[] }
  | { kind: 'compact'; dropped: string[] }
  | { kind: 'reset' }
  | { kind: 'restore' };

/** The reference: (tool, id) discoveries in order, the load order, and the ids `sync` recorded. */
interface Model {
  order: string[];
  discoveries: { name: string; id: string }[];
  synced: string[];
}

function discover(model: Model, id: string, names: readonly string[]): void {
  for (const name of names) {
    if (!model.order.includes(name)) model.order.push(name);
    if (!model.discoveries.some((d) => d.name === name && d.id === id)) model.discoveries.push({ name, id });
  }
}

function dropIds(model: Model, dropped: readonly string[]): string[] {
  model.synced = model.synced.filter((id) => !dropped.includes(id));
  model.discoveries = model.discoveries.filter((d) => !dropped.includes(d.id));
  const gone = model.order.filter((name) => !model.discoveries.some((d) => d.name === name));
  model.order = model.order.filter((name) => !gone.includes(name));
  return gone;
}

function applyToModel(model: Model, operation: Operation): string[] {
  switch (operation.kind) {
    case 'sync': {
      const ids = operation.present.map((answer) => answer.callId);
      for (const answer of operation.present) {
        if (model.synced.includes(answer.callId)) continue;
        discover(model, answer.callId, answer.toolNames);
        model.synced.push(answer.callId);
      }
      return dropIds(model, model.synced.filter((id) => !ids.includes(id)));
    }
    case 'record':
      discover(model, operation.id, operation.names);
      return [];
    case 'compact':
      return dropIds(model, operation.dropped);
    case 'reset':
      model.order = [];
      model.discoveries = [];
      model.synced = [];
      return [];
    case 'restore':
      return [];
  }
}

const names = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const ids = fc.constantFrom('t1', 't2', 't3', 'm1', 'm2');
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      present: fc.uniqueArray(fc.record({ callId: ids, toolNames: fc.array(names, { maxLength: 3 }) }), { maxLength: 3, selector: (answer) => answer.callId }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('record' as const), id: ids, names: fc.array(names, { maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('compact' as const), dropped: fc.array(ids, { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restore' as const }) },
);

describe('DiscoverySession against a reference model', () => {
  it('agrees on every observable after every operation', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (operations) => {
        let session = createDiscoverySession();
        const model: Model = { order: [], discoveries: [], synced: [] };
        for (const step of operations) {
          const before = [...model.order];
          const unloaded = applyToModel(model, step);
          switch (step.kind) {
            case 'sync':
              expect(session.sync(step.present)).toEqual({ loaded: model.order.filter((name) => !before.includes(name)), unloaded });
              break;
            case 'record':
              session.record(step.id, step.names);
              break;
            case 'compact':
              expect(session.compact(step.dropped)).toEqual({ loaded: [], unloaded });
              break;
            case 'reset':
              session.reset();
              break;
            case 'restore':
              session = createDiscoverySession({ snapshot: roundTrip(session) });
              break;
          }
          expect(session.loaded()).toEqual(model.order);
          for (const name of ['a', 'b', 'c', 'd', 'e']) {
            expect(session.isLoaded(name)).toBe(model.order.includes(name));
            expect(session.discoveredIn(name)).toEqual(model.discoveries.filter((d) => d.name === name).map((d) => d.id));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
