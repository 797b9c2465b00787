import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import type { LoadoutError } from '../errors/loadout-error.js';
import { createCatalog } from './create-catalog.js';
import type { ToolInput } from './tool.js';

const tool = (name: string, extra: Record<string, unknown> = {}): ToolInput => ({ name, ...extra }) as ToolInput;

function thrown(action: () => unknown): LoadoutError {
  try {
    action();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('createCatalog', () => {
  it('normalizes defaults and builds every lookup', () => {
    const catalog = createCatalog([tool('create_issue', { server: 'github', description: 'Open an issue' }), tool('Bash', { kind: 'core' })]);
    expect(catalog.issues).toEqual([]);
    const [issue, bash] = catalog.tools;
    expect(issue).toMatchObject({
      name: 'create_issue',
      displayName: 'mcp__github__create_issue',
      apiName: 'mcp__github__create_issue',
      description: 'Open an issue',
      inputSchema: { type: 'object', properties: {} },
      server: 'github',
      kind: 'mcp',
      alwaysLoad: false,
      meta: {},
    });
    expect(issue).not.toHaveProperty('tokens');
    expect(bash).toMatchObject({ displayName: 'Bash', kind: 'core', server: null, description: '' });
    expect(catalog.byDisplayName.get('mcp__github__create_issue')).toBe(issue);
    expect(catalog.byApiName.get('Bash')).toBe(bash);
    expect(catalog.servers).toEqual({ github: {} });
  });

  it('uses the plain name for non-MCP kinds and for MCP tools without a server', () => {
    const catalog = createCatalog([tool('WebFetch', { kind: 'builtin', server: 'web' }), tool('lookup', { server: null })]);
    expect(catalog.tools.map((entry) => entry.displayName)).toEqual(['WebFetch', 'lookup']);
  });

  it('does not prefix a name that already carries its server (copied from a client tool list), and keeps it as the name', () => {
    const catalog = createCatalog([tool('mcp__jira__transition_issue', { server: 'jira' }), tool('mcp__other__x', { server: 'jira' })]);
    expect(catalog.tools.map((entry) => entry.displayName)).toEqual(['mcp__jira__transition_issue', 'mcp__jira__mcp__other__x']);
    expect(catalog.tools[0]!.name).toBe('mcp__jira__transition_issue');
  });

  it('reads alwaysLoad from the flag or from _meta["anthropic/alwaysLoad"] === true only', () => {
    const catalog = createCatalog([
      tool('a', { alwaysLoad: true }),
      tool('b', { _meta: { 'anthropic/alwaysLoad': true } }),
      tool('c', { _meta: { 'anthropic/alwaysLoad': 'true' } }),
      tool('d'),
    ]);
    expect(catalog.tools.map((entry) => entry.alwaysLoad)).toEqual([true, true, false, false]);
    expect(catalog.tools[1]!.meta).toEqual({ 'anthropic/alwaysLoad': true });
  });

  it('keeps supplied tokens and server settings', () => {
    const catalog = createCatalog([tool('x', { server: 's', tokens: 42 })], { servers: { s: { alwaysLoad: true }, idle: {} } });
    expect(catalog.tools[0]!.tokens).toBe(42);
    expect(catalog.servers).toEqual({ s: { alwaysLoad: true }, idle: {} });
  });

  it('treats null as absent for optional fields', () => {
    const catalog = createCatalog([tool('x', { description: null, inputSchema: null, server: null, _meta: null, tokens: null, kind: null })]);
    expect(catalog.issues).toEqual([]);
    expect(catalog.tools[0]).toMatchObject({ description: '', inputSchema: { type: 'object', properties: {} }, kind: 'mcp', meta: {} });
  });

  it.each([
    ['catalog-missing-name', {}, 'undefined'],
    ['catalog-missing-name', { name: '' }, '""'],
    ['catalog-missing-name', { name: 7 }, '7'],
    ['catalog-invalid-schema', { name: 't', inputSchema: [] }, '[]'],
    ['catalog-invalid-schema', { name: 't', inputSchema: 'object' }, '"object"'],
    ['catalog-invalid-schema', { name: 't', inputSchema: { type: 'string' } }, '"string"'],
    ['catalog-invalid-schema', { name: 't', inputSchema: { type: ['object', 'null'] } }, 'an array of 2 items'],
    ['catalog-invalid-tool', { name: 't', kind: 'plugin' }, '"plugin"'],
    ['catalog-invalid-tool', { name: 't', description: 5 }, '5'],
    ['catalog-invalid-tool', { name: 't', tokens: -1 }, '-1'],
    ['catalog-invalid-tool', { name: 't', tokens: 1.5 }, '1.5'],
    ['catalog-invalid-tool', { name: 't', tokens: '12' }, '"12"'],
    ['catalog-invalid-tool', { name: 't', _meta: [1] }, 'an array of 1 item'],
    ['catalog-invalid-tool', { name: 't', alwaysLoad: 'yes' }, '"yes"'],
    ['catalog-invalid-tool', { name: 't', server: 3 }, '3'],
    ['catalog-invalid-tool', { name: 'x'.repeat(257) }, '257'],
  ])('skips and reports %s for %j', (code, raw, shown) => {
    const catalog = createCatalog([tool('ok'), raw as ToolInput], { source: 'tools.json' });
    expect(catalog.tools.map((entry) => entry.name)).toEqual(['ok']);
    expect(catalog.issues).toHaveLength(1);
    const [issue] = catalog.issues;
    expect(issue).toMatchObject({ code, index: 1, source: 'tools.json' });
    expect(issue!.message).toContain('index 1');
    expect(issue!.message).toContain(shown);
  });

  it('reports a tool that is not an object', () => {
    const catalog = createCatalog(['Bash' as unknown as ToolInput]);
    expect(catalog.issues[0]).toMatchObject({ code: 'catalog-invalid-tool', index: 0 });
    expect(catalog.issues[0]!.message).toContain('"Bash"');
  });

  it('skips the later of two tools with the same display name', () => {
    const catalog = createCatalog([
      tool('send', { server: 'slack', description: 'first' }),
      tool('send', { server: 'gmail' }),
      tool('send', { server: 'slack', description: 'second' }),
    ]);
    expect(catalog.tools.map((entry) => entry.description)).toEqual(['first', '']);
    expect(catalog.issues).toEqual([expect.objectContaining({ code: 'catalog-duplicate-name', index: 2, name: 'send' })]);
    expect(catalog.issues[0]!.message).toContain('"mcp__slack__send"');
  });

  it('throws the first problem in strict mode', () => {
    const error = thrown(() => createCatalog([tool('ok'), tool(''), tool('ok')], { strict: true, source: 'a.json' }));
    expect(error.code).toBe('catalog-missing-name');
    expect(error.details).toMatchObject({ index: 1, source: 'a.json' });
    expect(thrown(() => createCatalog([tool('ok'), tool('ok')], { strict: true })).code).toBe('catalog-duplicate-name');
  });

  it('always throws catalog-too-large above maxTools, naming count and limit', () => {
    const tools = Array.from({ length: 4 }, (_, index) => tool(`t${index}`));
    expect(createCatalog(tools, { maxTools: 4 }).tools).toHaveLength(4);
    const error = thrown(() => createCatalog(tools, { maxTools: 3 }));
    expect(error.code).toBe('catalog-too-large');
    expect(error.message).toContain('4');
    expect(error.message).toContain('3');
    expect(error.details).toMatchObject({ count: 4, limit: 3 });
  });

  it('defaults maxTools to 10,000', () => {
    const tools = Array.from({ length: 10_001 }, (_, index) => tool(`t${index}`));
    expect(thrown(() => createCatalog(tools)).message).toContain('10000');
    expect(createCatalog(tools.slice(0, 10_000)).tools).toHaveLength(10_000);
  });

  it('rejects bad options and inputs', () => {
    expect(thrown(() => createCatalog([], { maxTools: 0 })).code).toBe('invalid-option');
    expect(thrown(() => createCatalog({} as unknown as ToolInput[])).code).toBe('invalid-input');
  });

  it('reports invalid server settings and ignores them', () => {
    const catalog = createCatalog([tool('x', { server: 's' })], { servers: { s: { alwaysLoad: 'yes' } as never } });
    expect(catalog.issues[0]).toMatchObject({ code: 'catalog-invalid-format', name: 's' });
    expect(catalog.servers).toEqual({ s: {} });
  });

  it('returns a frozen catalog', () => {
    const catalog = createCatalog([tool('x')]);
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog.tools)).toBe(true);
    expect(Object.isFrozen(catalog.tools[0])).toBe(true);
  });
});
