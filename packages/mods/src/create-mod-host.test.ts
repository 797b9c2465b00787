import { describe, it, expect, vi } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import type { Mod, ModFailure, ToolDescribeHook } from '@loadout/core';
import { createModHost } from './create-mod-host.js';
import { baseEvent, makeTool } from './__fixtures__/tools.js';

const issue = makeTool('create_issue', { server: 'github' });
const page = makeTool('create_page', { server: 'notion' });

function counting(name: string, answer: (calls: number) => boolean | undefined = () => false) {
  let calls = 0;
  const hook: ToolDescribeHook = (event, next) => {
    calls++;
    const isDeferred = answer(calls);
    return isDeferred === undefined ? next() : { ...next(), isDeferred };
  };
  const mod: Mod = { name, hooks: { 'tool.describe': hook } };
  return { mod, calls: () => calls };
}

const failing: Mod = {
  name: 'boom',
  hooks: {
    'tool.describe': () => {
      throw new Error('kaboom');
    },
  },
};

describe('createModHost', () => {
  it('calls a hook once per tool until invalidated', () => {
    const pin = counting('pin');
    const host = createModHost({ plugins: [pin.mod] });
    for (let render = 0; render < 3; render++) {
      expect(host.resolve(issue, baseEvent(issue)).isDeferred).toBe(false);
      expect(host.resolve(page, baseEvent(page)).isDeferred).toBe(false);
    }
    expect(pin.calls()).toBe(2);
    expect(host.stats()).toEqual({ hits: 4, misses: 2, size: 2 });
  });

  it('keeps an unstable answer stable until invalidated', () => {
    const flip = counting('flip', (calls) => calls % 2 === 0);
    const host = createModHost({ plugins: [flip.mod] });
    expect(host.resolve(issue, baseEvent(issue)).isDeferred).toBe(false);
    expect(host.resolve(issue, baseEvent(issue)).isDeferred).toBe(false);
    host.invalidate(issue.displayName);
    expect(host.resolve(issue, baseEvent(issue)).isDeferred).toBe(true);
  });

  it('invalidates one tool, leaving the others cached', () => {
    const pin = counting('pin');
    const host = createModHost({ plugins: [pin.mod] });
    host.resolve(issue, baseEvent(issue));
    host.resolve(page, baseEvent(page));
    host.invalidate(issue.displayName);
    host.resolve(issue, baseEvent(issue));
    host.resolve(page, baseEvent(page));
    expect(pin.calls()).toBe(3);
    expect(host.stats()).toEqual({ hits: 1, misses: 3, size: 2 });
  });

  it('invalidates every tool when no name is given', () => {
    const pin = counting('pin');
    const host = createModHost({ plugins: [pin.mod] });
    host.resolve(issue, baseEvent(issue));
    host.resolve(page, baseEvent(page));
    host.invalidate();
    expect(host.stats().size).toBe(0);
    host.resolve(issue, baseEvent(issue));
    host.resolve(page, baseEvent(page));
    expect(pin.calls()).toBe(4);
  });

  it('recomputes a tool whose content or base deferral changed', () => {
    const pin = counting('pin', () => undefined);
    const host = createModHost({ plugins: [pin.mod] });
    host.resolve(issue, baseEvent(issue));
    host.resolve({ ...issue }, baseEvent({ ...issue }));
    expect(pin.calls()).toBe(1);
    const edited = { ...issue, description: 'Open an issue' };
    expect(host.resolve(edited, baseEvent(edited)).description).toBe('Open an issue');
    const schema = { ...issue, inputSchema: { type: 'object', properties: { title: { type: 'string' } } } };
    host.resolve(schema, baseEvent(schema));
    host.resolve(schema, baseEvent(schema, false));
    host.resolve(schema, { ...baseEvent(schema, false), description: 'rewritten upstream' });
    expect(pin.calls()).toBe(5);
    expect(host.stats().size).toBe(1);
  });

  it('reports each failure once per cache fill', () => {
    const onFailure = vi.fn<(failure: ModFailure) => void>();
    const host = createModHost({ plugins: [failing], onFailure });
    const expected = { mod: 'boom', tool: 'mcp__github__create_issue', message: 'kaboom' };
    for (let render = 0; render < 3; render++) {
      const resolved = host.resolve(issue, baseEvent(issue));
      expect(resolved.isDeferred).toBe(true);
      expect(resolved.failures).toEqual([expected]);
    }
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith(expected);
    expect(host.failures()).toEqual([expected]);
    host.invalidate();
    host.resolve(issue, baseEvent(issue));
    expect(onFailure).toHaveBeenCalledTimes(2);
    expect(host.failures()).toHaveLength(2);
  });

  it('use() adds an outermost plugin and clears the cache', () => {
    const pin = counting('pin');
    const host = createModHost({ plugins: [pin.mod] });
    expect(host.resolve(issue, baseEvent(issue)).isDeferred).toBe(false);
    const defer = counting('defer', () => true);
    host.use(defer.mod);
    expect(host.resolve(issue, baseEvent(issue))).toMatchObject({ isDeferred: true, decidedBy: 'defer' });
    expect(pin.calls()).toBe(2);
    expect(host.plugins().map((plugin) => plugin.name)).toEqual(['pin', 'defer']);
  });

  it('remove() drops a plugin by name and clears the cache', () => {
    const pin = counting('pin');
    const defer = counting('defer', () => true);
    const host = createModHost({ plugins: [pin.mod, defer.mod] });
    expect(host.resolve(issue, baseEvent(issue)).isDeferred).toBe(true);
    expect(host.remove('defer')).toBe(true);
    expect(host.resolve(issue, baseEvent(issue))).toMatchObject({ isDeferred: false, decidedBy: 'pin' });
    expect(host.remove('missing')).toBe(false);
    expect(host.stats().size).toBe(1);
  });

  it('rejects a duplicate or invalid plugin and keeps the previous state', () => {
    const pin = counting('pin');
    const host = createModHost({ plugins: [pin.mod] });
    host.resolve(issue, baseEvent(issue));
    for (const bad of [pin.mod, { name: '', hooks: {} }, { name: 'x', hooks: { nope: () => null } }]) {
      let caught: unknown;
      try {
        host.use(bad as Mod);
      } catch (error) {
        caught = error;
      }
      expect(isLoadoutError(caught) && caught.code).toBe('mod-invalid');
    }
    expect(host.plugins()).toHaveLength(1);
    expect(host.stats().size).toBe(1);
  });

  it('rejects invalid options', () => {
    expect(() => createModHost({ plugins: 'x' as never })).toThrow(/plugins/);
    expect(() => createModHost({ plugins: [], onFailure: 3 as never })).toThrow(/onFailure/);
    expect(() => createModHost({ plugins: [failing, failing] })).toThrow(/duplicate/);
  });
});
