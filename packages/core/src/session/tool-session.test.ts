import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { restoreToolSession } from './restore-tool-session.js';
import { createToolSession } from './tool-session.js';
import type { ToolSession } from './tool-session.js';
import type { ToolSessionSnapshot } from './tool-session-snapshot.js';

describe('createToolSession', () => {
  it('keeps discovered tools loaded across turns, in order of first load', () => {
    const session = createToolSession();
    session.recordSearch('m1', ['slack_send', 'slack_search']);
    session.recordSearch('m2', ['github_issue']);
    session.recordSearch('m3', ['slack_send']);
    expect(session.loaded()).toEqual(['slack_send', 'slack_search', 'github_issue']);
    expect(session.isLoaded('slack_search')).toBe(true);
    expect(session.isLoaded('jira_create')).toBe(false);
    expect(session.discoveredIn('slack_send')).toEqual(['m1', 'm3']);
    expect(session.discoveredIn('jira_create')).toEqual([]);
  });

  it('keeps a tool when only one of its two discovering messages is dropped', () => {
    const session = createToolSession();
    session.recordSearch('m1', ['a', 'b']);
    session.recordSearch('m2', ['a']);
    expect(session.compact(['m1'])).toEqual({ unloaded: ['b'] });
    expect(session.loaded()).toEqual(['a']);
    expect(session.discoveredIn('a')).toEqual(['m2']);
  });

  it('unloads a tool once all its discovering messages are dropped, in one compaction or several', () => {
    const session = createToolSession();
    session.recordSearch('m1', ['a', 'b']);
    session.recordSearch('m2', ['a', 'c']);
    expect(session.compact(new Set(['m1', 'm2', 'unknown']))).toEqual({ unloaded: ['a', 'b', 'c'] });
    expect(session.loaded()).toEqual([]);

    session.recordSearch('m3', ['a']);
    session.recordSearch('m4', ['a']);
    expect(session.compact(['m3']).unloaded).toEqual([]);
    expect(session.compact(['m4']).unloaded).toEqual(['a']);
  });

  it('loads a tool again when a later search finds it after compaction, at the end of the order', () => {
    const session = createToolSession();
    session.recordSearch('m1', ['a']);
    session.recordSearch('m2', ['b']);
    session.compact(['m1']);
    session.recordSearch('m5', ['a']);
    expect(session.loaded()).toEqual(['b', 'a']);
    expect(session.discoveredIn('a')).toEqual(['m5']);
  });

  it('is idempotent: repeated searches and compactions change nothing more', () => {
    const session = createToolSession();
    session.recordSearch('m1', ['a', 'a', 'b']);
    session.recordSearch('m1', ['a']);
    expect(session.discoveredIn('a')).toEqual(['m1']);
    expect(session.compact(['m1']).unloaded).toEqual(['a', 'b']);
    expect(session.compact(['m1']).unloaded).toEqual([]);
    expect(session.compact([]).unloaded).toEqual([]);
  });

  it('never unloads initially loaded tools by compaction, only by unload or reset', () => {
    const session = createToolSession({ initiallyLoaded: ['pinned', 'other'] });
    session.recordSearch('m1', ['pinned', 'found']);
    expect(session.loaded()).toEqual(['pinned', 'other', 'found']);
    expect(session.compact(['m1']).unloaded).toEqual(['found']);
    expect(session.loaded()).toEqual(['pinned', 'other']);
    expect(session.unload(['other', 'unknown'])).toEqual({ unloaded: ['other'] });
    session.reset();
    expect(session.loaded()).toEqual([]);
  });

  it('unload removes a tool whatever discovered it', () => {
    const session = createToolSession();
    session.recordSearch('m1', ['a', 'b']);
    expect(session.unload(new Set(['b'])).unloaded).toEqual(['b']);
    expect(session.compact(['m1']).unloaded).toEqual(['a']);
  });

  it('rejects a message id or tool name that is not a string', () => {
    const session = createToolSession();
    expect(() => session.recordSearch(7 as unknown as string, ['a'])).toThrow(/message id must be a string, got 7/);
    expect(() => session.recordSearch('m1', [null as unknown as string])).toThrow(/tool name must be a string/);
  });
});

describe('snapshot and restoreToolSession', () => {
  it('round-trips through JSON', () => {
    const session = createToolSession({ initiallyLoaded: ['pinned'] });
    session.recordSearch('m1', ['a', 'pinned']);
    session.recordSearch('m2', ['b', 'a']);
    const snapshot = JSON.parse(JSON.stringify(session.snapshot())) as ToolSessionSnapshot;
    expect(snapshot).toEqual({
      version: 1,
      tools: [
        { name: 'pinned', messages: ['m1'], pinned: true },
        { name: 'a', messages: ['m1', 'm2'], pinned: false },
        { name: 'b', messages: ['m2'], pinned: false },
      ],
    });
    const restored = restoreToolSession(snapshot);
    expect(restored.snapshot()).toEqual(snapshot);
    expect(restored.compact(['m1', 'm2']).unloaded).toEqual(['a', 'b']);
    expect(restored.loaded()).toEqual(['pinned']);
    expect(session.loaded()).toEqual(['pinned', 'a', 'b']);
  });

  it.each<[string, unknown]>([
    ['not an object', 'oops'],
    ['another version', { version: 2, tools: [] }],
    ['tools not an array', { version: 1, tools: {} }],
    ['a tool without a name', { version: 1, tools: [{ messages: ['m1'], pinned: false }] }],
    ['a non-string message', { version: 1, tools: [{ name: 'a', messages: [1], pinned: false }] }],
    ['a duplicate name', { version: 1, tools: [{ name: 'a', messages: ['m1'], pinned: false }, { name: 'a', messages: ['m2'], pinned: false }] }],
    ['a tool neither pinned nor discovered', { version: 1, tools: [{ name: 'a', messages: [], pinned: false }] }],
  ])('rejects %s with invalid-input', (_, snapshot) => {
    let caught: unknown;
    try {
      restoreToolSession(snapshot as ToolSessionSnapshot);
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-input');
  });
});

type Operation =
  | { kind: 'search'; messageId: string; names: string[] }
  | { kind: 'compact'; dropped: string[] }
  | { kind: 'unload'; names: string[] }
  | { kind: 'reset' }
  | { kind: 'restore' };

/** The reference: a list of (tool, message) discoveries plus pinned tools and a load order. */
interface Model {
  order: string[];
  pinned: Set<string>;
  discoveries: { name: string; messageId: string }[];
}

function applyToModel(model: Model, operation: Operation): string[] {
  const unloadAll = (names: string[]): string[] => {
    const gone = model.order.filter((name) => names.includes(name));
    model.order = model.order.filter((name) => !gone.includes(name));
    model.discoveries = model.discoveries.filter((discovery) => !gone.includes(discovery.name));
    for (const name of gone) model.pinned.delete(name);
    return gone;
  };
  switch (operation.kind) {
    case 'search':
      for (const name of operation.names) {
        if (!model.order.includes(name)) model.order.push(name);
        if (!model.discoveries.some((d) => d.name === name && d.messageId === operation.messageId)) {
          model.discoveries.push({ name, messageId: operation.messageId });
        }
      }
      return [];
    case 'compact': {
      const hadMessages = (name: string): boolean => model.discoveries.some((d) => d.name === name);
      const before = model.order.filter(hadMessages);
      model.discoveries = model.discoveries.filter((d) => !operation.dropped.includes(d.messageId));
      return unloadAll(before.filter((name) => !hadMessages(name) && !model.pinned.has(name)));
    }
    case 'unload':
      return unloadAll(operation.names);
    case 'reset':
      return unloadAll([...model.order]);
    case 'restore':
      return [];
  }
}

const names = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const messageIds = fc.constantFrom('m1', 'm2', 'm3', 'm4');
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('search' as const), messageId: messageIds, names: fc.array(names, { maxLength: 4 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('compact' as const), dropped: fc.array(messageIds, { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unload' as const), names: fc.array(names, { maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restore' as const }) },
);

describe('ToolSession against a reference model', () => {
  it('agrees on every observable after every operation', () => {
    fc.assert(
      fc.property(fc.array(names, { maxLength: 2 }), fc.array(operation, { maxLength: 30 }), (initial, operations) => {
        let session: ToolSession = createToolSession({ initiallyLoaded: initial });
        const model: Model = { order: [...new Set(initial)], pinned: new Set(initial), discoveries: [] };
        for (const step of operations) {
          const expected = applyToModel(model, step);
          switch (step.kind) {
            case 'search':
              session.recordSearch(step.messageId, step.names);
              break;
            case 'compact':
              expect(session.compact(step.dropped).unloaded).toEqual(expected);
              break;
            case 'unload':
              expect(session.unload(step.names).unloaded).toEqual(expected);
              break;
            case 'reset':
              session.reset();
              break;
            case 'restore':
              session = restoreToolSession(JSON.parse(JSON.stringify(session.snapshot())) as ToolSessionSnapshot);
              break;
          }
          expect(session.loaded()).toEqual(model.order);
          for (const name of ['a', 'b', 'c', 'd', 'e']) {
            expect(session.isLoaded(name)).toBe(model.order.includes(name));
            expect(session.discoveredIn(name)).toEqual(
              model.discoveries.filter((d) => d.name === name).map((d) => d.messageId),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
