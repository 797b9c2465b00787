import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { isLoadoutError } from '../errors/loadout-error.js';
import type { Mod } from '../mods/mod.js';
import type { Ranker } from '../ranking/ranker.js';
import { createFakeRanker } from '../test/fake-ranker.js';
import { createRegistry } from './create-registry.js';
import type { RankerDefinition } from './ranker-definition.js';

const tools = createCatalog([{ name: 'get' }, { name: 'get_forecast' }, { name: 'send_message' }]).tools;

/** A tiny pattern ranker: a tool matches when its name matches the query as a regular expression. */
function patternRanker(): Ranker {
  let indexed: readonly (typeof tools)[number][] = [];
  return {
    specificationVersion: 'v1',
    name: 'pattern',
    get size() {
      return indexed.length;
    },
    index(next) {
      indexed = next;
    },
    add() {},
    remove() {},
    search(query, options) {
      const pattern = new RegExp(query);
      return indexed.filter((tool) => pattern.test(tool.name)).slice(0, options?.limit ?? 5).map((tool) => ({ tool, score: 1 }));
    },
  };
}

const pattern: RankerDefinition = { specificationVersion: 'v1', name: 'pattern', queryKind: 'pattern', create: patternRanker };
const fake: RankerDefinition = {
  specificationVersion: 'v1',
  name: 'fake',
  queryKind: 'keywords',
  options: { depth: { type: 'integer', min: 1, max: 3, default: 2, description: 'how deep' }, mode: { type: 'string', values: ['a', 'b'], description: 'mode' } },
  capabilities: { browserSafe: true },
  create: (options) => ({ ...createFakeRanker({ name: `fake-${String(options['depth'])}` }) }),
};

function caught(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

async function rejected(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await run().then(() => undefined, (reason: unknown) => reason);
  if (!isLoadoutError(error)) throw new Error(`expected a LoadoutError, got ${String(error)}`);
  return error;
}

describe('createRegistry', () => {
  it('builds rankers by name with defaults applied, the first registered being the default', async () => {
    const registry = createRegistry({ rankers: [fake, pattern] });
    expect(registry.defaultRanker).toBe('fake');
    expect(registry.rankers.map((definition) => definition.name)).toEqual(['fake', 'pattern']);
    expect((await registry.createRanker()).name).toBe('fake-2');
    expect((await registry.createRanker('fake', { depth: 3 })).name).toBe('fake-3');
    expect(registry.ranker('fake').capabilities?.browserSafe).toBe(true);
  });

  it('never wraps a pattern ranker with the query syntax, and always wraps a keywords one', async () => {
    const registry = createRegistry({ rankers: [pattern, { ...pattern, name: 'as-keywords', queryKind: 'keywords' }] });
    const raw = await registry.createRanker('pattern');
    await raw.index(tools);
    expect((await raw.search('^get_')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
    const wrapped = await registry.createRanker('as-keywords');
    await wrapped.index(tools);
    // withQuerySyntax ranks the tool the query names first: "get" comes back for "^get_".
    expect((await wrapped.search('^get_')).map((hit) => hit.tool.name)).toContain('get');
  });

  it('is immutable: extend returns a new registry and leaves the old one as it was', () => {
    const base = createRegistry({ rankers: [fake] });
    const mod: Mod = { name: 'team', hooks: {} };
    const more = base.extend({ rankers: [pattern], mods: [mod] });
    expect(base.hasRanker('pattern')).toBe(false);
    expect(more.hasRanker('pattern')).toBe(true);
    expect(more.mods).toEqual([mod]);
    expect(base.mods).toEqual([]);
  });

  it('rejects an unknown name with the nearest one and every valid one', async () => {
    const registry = createRegistry({ rankers: [fake, pattern] });
    const error = caught(() => registry.ranker('patern'));
    expect(error.code).toBe('unknown-ranker');
    expect(error.message).toBe('unknown ranker "patern"; valid names: fake, pattern; did you mean "pattern"?');
    expect((await rejected(() => registry.createRanker('nope'))).code).toBe('unknown-ranker');
    expect(caught(() => createRegistry({ rankers: [fake], defaultRanker: 'bm25' })).code).toBe('unknown-ranker');
  });

  it('checks options: unknown ones with a suggestion, wrong types and ranges naming the value', async () => {
    const registry = createRegistry({ rankers: [fake] });
    expect((await rejected(() => registry.createRanker('fake', { dept: 1 }))).message).toBe(
      'ranker "fake": unknown option "dept"; did you mean "depth"? (known: depth, mode)',
    );
    expect((await rejected(() => registry.createRanker('fake', { depth: 9 }))).message).toBe('ranker "fake": option depth must be an integer from 1 to 3, got 9');
    expect((await rejected(() => registry.createRanker('fake', { mode: 'c' }))).message).toBe('ranker "fake": option mode must be one of "a", "b", got "c"');
    expect((await rejected(() => registry.createRanker('fake', 'x'))).code).toBe('invalid-option');
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', 42, /registry: not a ranker definition: is not an object/],
    ['no version', { ...fake, specificationVersion: 'v0' }, /specificationVersion must be "v1"/],
    ['a bad name', { ...fake, name: 'Has Spaces' }, /name must match/],
    ['no query kind', { ...fake, queryKind: 'regex' }, /queryKind must be "keywords" or "pattern", got "regex"/],
    ['no create', { ...fake, create: undefined }, /create must be a function/],
    ['bad options', { ...fake, options: { depth: { type: 'float', description: 'how deep' } } }, /options\.depth\.type must be "number" \| "integer" \| "string" \| "boolean" \| "object" \| "any", got "float"/],
    ['bad persistence', { ...fake, capabilities: { persistence: { format: 1 } } }, /capabilities.persistence must be/],
  ])('rejects a definition with %s as ranker-invalid', (_, definition, message) => {
    const error = caught(() => createRegistry({ rankers: [definition as RankerDefinition] }));
    expect(error.code).toBe('ranker-invalid');
    expect(error.message).toMatch(message);
  });

  it('rejects two plug-ins with one name as plugin-duplicate, and malformed mods as mod-invalid', () => {
    expect(caught(() => createRegistry({ rankers: [fake, fake] }))).toMatchObject({ code: 'plugin-duplicate', message: expect.stringContaining('"fake"') });
    const mod: Mod = { name: 'team', hooks: {} };
    expect(caught(() => createRegistry({ mods: [mod] }).extend({ mods: [mod] })).code).toBe('plugin-duplicate');
    expect(caught(() => createRegistry({ mods: [{ name: 'bad', hooks: { 'tool.render': () => null } } as never] })).code).toBe('mod-invalid');
  });
});
