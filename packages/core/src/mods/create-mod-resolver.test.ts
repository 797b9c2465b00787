import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '../errors/index.js';
import { createModResolver } from './create-mod-resolver.js';
import type { Mod, ToolDescribeHook } from './mod.js';
import { baseEvent, makeTool } from './__fixtures__/tools.js';

const issue = makeTool('create_issue', { server: 'github' });
const bash = makeTool('Bash', { kind: 'core' });

function mod(name: string, hook: ToolDescribeHook): Mod {
  return { name, hooks: { 'tool.describe': hook } };
}

const pin = (name: string): Mod => mod(name, (event, next) => ({ ...next(), isDeferred: false }));
const defer = (name: string): Mod => mod(name, (event, next) => ({ ...next(), isDeferred: true }));

function resolve(mods: readonly Mod[], tool = issue, isDeferred?: boolean) {
  return createModResolver(mods).resolve(tool, baseEvent(tool, isDeferred));
}

describe('createModResolver', () => {
  it('returns the base answer when there are no mods', () => {
    expect(resolve([])).toEqual({ description: issue.description, isDeferred: true, failures: [], ignoredCore: [] });
  });

  it('lets the last mod win', () => {
    expect(resolve([pin('a'), defer('b')])).toMatchObject({ isDeferred: true, decidedBy: 'b' });
    expect(resolve([defer('b'), pin('a')])).toMatchObject({ isDeferred: false, decidedBy: 'a' });
  });

  it('runs the outermost (last) hook first and unwinds through next', () => {
    const calls: string[] = [];
    const trace = (name: string): Mod =>
      mod(name, (event, next) => {
        calls.push(`enter ${name}`);
        const beneath = next();
        calls.push(`leave ${name}`);
        return { description: `${beneath.description}+${name}` };
      });
    const result = resolve([trace('a'), trace('b'), trace('c')]);
    expect(calls).toEqual(['enter c', 'enter b', 'enter a', 'leave a', 'leave b', 'leave c']);
    expect(result.description).toBe(`${issue.description}+a+b+c`);
  });

  it('passes a rewritten event to the layers beneath', () => {
    const seen: string[] = [];
    const inner = mod('inner', (event, next) => {
      seen.push(event.description);
      return next();
    });
    const outer = mod('outer', (event, next) => next({ ...event, description: 'rewritten', isDeferred: false }));
    const result = resolve([inner, outer]);
    expect(seen).toEqual(['rewritten']);
    expect(result).toMatchObject({ description: 'rewritten', isDeferred: false, decidedBy: 'outer' });
  });

  it('keeps the deferral from beneath when a hook omits isDeferred', () => {
    const describeOnly = mod('describe', (event, next) => ({ description: `${next().description}!` }));
    expect(resolve([pin('pin'), describeOnly])).toMatchObject({
      description: `${issue.description}!`,
      isDeferred: false,
      decidedBy: 'pin',
    });
  });

  it('asks beneath for the deferral when a hook neither calls next nor sets isDeferred', () => {
    const shortCircuit = mod('short', () => ({ description: 'fixed' }));
    expect(resolve([pin('pin'), shortCircuit])).toMatchObject({ description: 'fixed', isDeferred: false, decidedBy: 'pin' });
  });

  it('short-circuits: a hook that answers without next skips the mods beneath', () => {
    let innerCalls = 0;
    const inner = mod('inner', (event, next) => {
      innerCalls++;
      return next();
    });
    const result = resolve([inner, mod('outer', () => ({ description: 'x', isDeferred: false }))]);
    expect(innerCalls).toBe(0);
    expect(result).toMatchObject({ description: 'x', isDeferred: false, decidedBy: 'outer' });
  });

  it('sets decidedBy only for a mod that changed the deferral from beneath', () => {
    expect(resolve([defer('same')]).decidedBy).toBeUndefined();
    expect(resolve([pin('a'), pin('b')]).decidedBy).toBe('a');
    expect(resolve([pin('a'), defer('b'), pin('c')])).toMatchObject({ isDeferred: false, decidedBy: 'c' });
    const describeOnly = mod('describe', (event, next) => ({ description: next().description }));
    expect(resolve([pin('a'), describeOnly]).decidedBy).toBe('a');
  });

  describe('failures', () => {
    const boom = mod('boom', () => {
      throw new Error('kaboom');
    });

    it('skips a hook that throws and records the failure', () => {
      const result = resolve([pin('pin'), boom]);
      expect(result).toMatchObject({ isDeferred: false, decidedBy: 'pin' });
      expect(result.failures).toEqual([{ mod: 'boom', tool: 'mcp__github__create_issue', message: 'kaboom' }]);
    });

    it('skips a hook that throws after calling next, keeping the answer from beneath', () => {
      const late = mod('late', (event, next) => {
        next();
        throw new Error('late');
      });
      const result = resolve([pin('pin'), late]);
      expect(result.isDeferred).toBe(false);
      expect(result.failures.map((failure) => failure.mod)).toEqual(['late']);
    });

    it.each([
      ['undefined', undefined, 'returned undefined'],
      ['null', null, 'returned null'],
      ['a string', 'nope', 'returned "nope"'],
      ['no description', { isDeferred: false }, 'returned a description that is not a string (undefined)'],
      ['a numeric description', { description: 42 }, 'returned a description that is not a string (42)'],
      ['a non-boolean isDeferred', { description: 'x', isDeferred: 'yes' }, 'returned an isDeferred that is not a boolean ("yes")'],
    ])('skips a hook that returns %s, saying what is wrong', (_label, value, problem) => {
      const bad = mod('bad', () => value as never);
      const result = resolve([pin('pin'), bad]);
      expect(result).toMatchObject({ description: issue.description, isDeferred: false });
      expect(result.failures).toHaveLength(1);
      expect(result.failures[0]?.mod).toBe('bad');
      expect(result.failures[0]?.message).toBe(`${problem}, expected { description: string, isDeferred?: boolean }`);
    });

    it('records a thrown non-Error value', () => {
      const result = resolve([
        mod('str', () => {
          throw 'plain';
        }),
      ]);
      expect(result.failures[0]?.message).toContain('plain');
    });

    it('records a failure once when next reaches the failing hook twice', () => {
      const twice = mod('twice', (event, next) => {
        next();
        next({ ...event, description: 'other' });
        return next();
      });
      const result = resolve([boom, twice]);
      expect(result.failures).toEqual([{ mod: 'boom', tool: 'mcp__github__create_issue', message: 'kaboom' }]);
      expect(result.isDeferred).toBe(true);
    });

    it('lets an outer mod recover from an inner failure', () => {
      const result = resolve([boom, pin('pin')]);
      expect(result).toMatchObject({ isDeferred: false, decidedBy: 'pin' });
      expect(result.failures).toHaveLength(1);
    });

    it('records several failing mods in registration order', () => {
      const other = mod('other', () => {
        throw new Error('second');
      });
      const result = resolve([boom, other]);
      expect(result.failures.map((failure) => failure.mod)).toEqual(['boom', 'other']);
    });
  });

  describe('core built-ins', () => {
    it('ignores isDeferred from a mod for a core tool but keeps its description', () => {
      const result = resolve([mod('mover', (event, next) => ({ description: 'new', isDeferred: true }))], bash);
      expect(result).toEqual({ description: 'new', isDeferred: false, failures: [], ignoredCore: ['mover'] });
    });

    it('ignores an isDeferred rewritten into the event passed to next', () => {
      const result = resolve([mod('sneaky', (event, next) => next({ ...event, isDeferred: true }))], bash);
      expect(result).toMatchObject({ isDeferred: false, ignoredCore: ['sneaky'] });
      expect(result.decidedBy).toBeUndefined();
    });

    it('does not list a mod that agrees with the core placement', () => {
      expect(resolve([pin('pin')], bash).ignoredCore).toEqual([]);
    });

    it('lists each offending mod once', () => {
      const result = resolve([defer('a'), defer('b'), mod('c', (event, next) => ({ ...next(), isDeferred: true }))], bash);
      expect(result.ignoredCore).toEqual(['a', 'b', 'c']);
      expect(result.isDeferred).toBe(false);
    });
  });

  describe('validation', () => {
    const invalid = (mods: unknown, text: string) => {
      try {
        createModResolver(mods as Mod[]);
      } catch (error) {
        expect(isLoadoutError(error) && error.code).toBe('mod-invalid');
        expect((error as Error).message).toContain(text);
        return;
      }
      throw new Error('expected mod-invalid');
    };

    it('rejects an empty name', () => invalid([{ name: '', hooks: {} }], '""'));
    it('rejects a non-string name', () => invalid([{ name: 3, hooks: {} }], '3'));
    it('rejects duplicate names', () => invalid([pin('twin'), defer('twin')], '"twin"'));
    it('rejects an unknown hook', () => invalid([{ name: 'odd', hooks: { 'tool.render': () => null } }], '"tool.render"'));
    it('rejects a hook that is not a function', () => invalid([{ name: 'odd', hooks: { 'tool.describe': 'x' } }], '"odd"'));
    it('rejects missing hooks', () => invalid([{ name: 'odd' }], '"odd"'));
    it('rejects a non-object mod', () => invalid([null], 'null'));

    it('accepts a mod without hooks', () => {
      expect(resolve([{ name: 'quiet', hooks: {} }]).isDeferred).toBe(true);
    });
  });
});
