import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolInput } from '../catalog/tool.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { summarizeCatalog } from './summarize-catalog.js';

function toolsOf(server: string, count: number, extra: Partial<ToolInput> = {}): ToolInput[] {
  return Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, server, ...extra }));
}

const wordCounter: TokenCounter = { specificationVersion: 'v1', id: 'words', count: (text) => text.split(/\s+/).filter(Boolean).length };

describe('summarizeCatalog', () => {
  it('lists servers by tool count with pretty names and an Oxford comma', () => {
    const catalog = createCatalog([...toolsOf('jira', 2), ...toolsOf('slack', 5), ...toolsOf('github', 3)]);
    expect(summarizeCatalog(catalog)).toBe('You can search for tools to interact with Slack, GitHub, and Jira.');
  });

  it('handles one and two servers', () => {
    expect(summarizeCatalog(createCatalog(toolsOf('slack', 1)))).toBe('You can search for tools to interact with Slack.');
    expect(summarizeCatalog(createCatalog([...toolsOf('slack', 1), ...toolsOf('google-drive', 2)]))).toBe(
      'You can search for tools to interact with Google Drive and Slack.',
    );
  });

  it('adds the deferrable built-ins and leaves out core and always-loaded tools', () => {
    const catalog = createCatalog(
      [
        ...toolsOf('slack', 2),
        ...toolsOf('github', 1),
        ...toolsOf('pinned', 4, { alwaysLoad: true }),
        ...toolsOf('notes', 4),
        { name: 'Bash', kind: 'core' },
        { name: 'WebSearch', kind: 'builtin' },
        { name: 'WebFetch', kind: 'builtin' },
      ],
      { servers: { notes: { alwaysLoad: true } } },
    );
    expect(summarizeCatalog(catalog)).toBe(
      'You can search for tools to interact with Slack, GitHub, and built-in tools for web search and fetching web pages.',
    );
  });

  it('speaks of built-ins alone when there is no server', () => {
    const catalog = createCatalog([{ name: 'WebSearch', kind: 'builtin' }, { name: 'ExitPlanMode', kind: 'builtin' }]);
    expect(summarizeCatalog(catalog)).toBe('You can search for built-in tools for web search and exit plan mode.');
  });

  it('is empty when there is nothing to search', () => {
    expect(summarizeCatalog(createCatalog([]))).toBe('');
    expect(summarizeCatalog(createCatalog([{ name: 'Bash', kind: 'core' }, ...toolsOf('gh', 2, { alwaysLoad: true })]))).toBe('');
  });

  it('counts server-less MCP tools when nothing else is searchable', () => {
    expect(summarizeCatalog(createCatalog([{ name: 'a' }, { name: 'b' }]))).toBe('You can search for 2 tools.');
  });

  it('drops the smallest servers into "N more services" to fit the budget', () => {
    const servers = ['github', 'slack', 'jira', 'linear', 'notion', 'stripe'];
    const catalog = createCatalog(servers.flatMap((server, index) => toolsOf(server, 10 - index)));
    const full = summarizeCatalog(catalog, { maxTokens: 1000, tokenCounter: wordCounter });
    expect(full).toBe('You can search for tools to interact with GitHub, Slack, Jira, Linear, Notion, and Stripe.');
    expect(summarizeCatalog(catalog, { maxTokens: 14, tokenCounter: wordCounter })).toBe(
      'You can search for tools to interact with GitHub, Slack, and 4 more services.',
    );
    expect(summarizeCatalog(catalog, { maxTokens: 13, tokenCounter: wordCounter })).toBe(
      'You can search for tools to interact with GitHub and 5 more services.',
    );
    expect(summarizeCatalog(catalog, { maxTokens: 12, tokenCounter: wordCounter })).toBe(
      'You can search for tools to interact with 6 services.',
    );
  });

  it('names a last server instead of hiding it as "1 more service"', () => {
    const catalog = createCatalog([...toolsOf('slack', 3), ...toolsOf('customer-success-hub', 2), ...toolsOf('data-warehouse', 1)]);
    const counter: TokenCounter = { specificationVersion: 'v1', id: 'chars', count: (text) => text.length };
    const full = summarizeCatalog(catalog, { maxTokens: 1000, tokenCounter: counter });
    expect(full).toBe('You can search for tools to interact with Slack, Customer Success Hub, and Data Warehouse.');
    const seen = new Set<string>();
    for (let budget = 0; budget <= full.length; budget++) seen.add(summarizeCatalog(catalog, { maxTokens: budget, tokenCounter: counter }));
    expect(seen).toEqual(
      new Set([
        full,
        'You can search for tools to interact with 3 services.',
        'You can search for tools to interact with Slack and 2 more services.',
      ]),
    );
  });

  it('shortens the built-in topics when servers alone no longer make room', () => {
    const catalog = createCatalog([...toolsOf('slack', 1), { name: 'WebSearch', kind: 'builtin' }, { name: 'WebFetch', kind: 'builtin' }]);
    expect(summarizeCatalog(catalog, { maxTokens: 12, tokenCounter: wordCounter })).toBe(
      'You can search for tools to interact with Slack and built-in tools.',
    );
  });

  it('returns the shortest sentence when nothing fits', () => {
    const catalog = createCatalog([...toolsOf('slack', 2), ...toolsOf('github', 1)]);
    expect(summarizeCatalog(catalog, { maxTokens: 1 })).toBe('You can search for tools to interact with 2 services.');
  });

  it('mentions only the given servers, still ordered by tool count', () => {
    const catalog = createCatalog([...toolsOf('slack', 1), ...toolsOf('github', 3), ...toolsOf('jira', 2, { alwaysLoad: true })]);
    expect(summarizeCatalog(catalog, { servers: ['slack', 'jira'] })).toBe('You can search for tools to interact with Jira and Slack.');
  });

  it('rejects a negative budget', () => {
    expect(() => summarizeCatalog(createCatalog([]), { maxTokens: -1 })).toThrow(/maxTokens/);
  });

  it('never exceeds the budget when the shortest sentence fits', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 200 }),
        (servers, withBuiltins, maxTokens) => {
          const tools: ToolInput[] = servers.flatMap((server, index) => toolsOf(server, 1 + (index % 4)));
          if (withBuiltins) tools.push({ name: 'WebSearch', kind: 'builtin' }, { name: 'NotebookEdit', kind: 'builtin' });
          const summary = summarizeCatalog(createCatalog(tools), { maxTokens });
          const shortest = summarizeCatalog(createCatalog(tools), { maxTokens: 0 });
          if (Math.ceil(shortest.length / 4) <= maxTokens) expect(Math.ceil(summary.length / 4)).toBeLessThanOrEqual(maxTokens);
          expect(summary.startsWith('You can search for tools to interact with ')).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
