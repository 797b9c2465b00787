import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { catalogFromMcpServers } from './catalog-from-mcp-servers.js';

const config = {
  mcpServers: {
    github: { command: 'npx', args: ['-y', 'example-github-server'] },
    linear: { type: 'http', url: 'https://linear.example.com/mcp', alwaysLoad: true },
  },
};

describe('catalogFromMcpServers', () => {
  it('turns tools/list results and arrays into MCP tools of their server', () => {
    const catalog = catalogFromMcpServers(config, {
      github: {
        tools: [
          { name: 'create_issue', description: 'Open an issue', inputSchema: { type: 'object', properties: {} } },
          { name: 'get_me', _meta: { 'anthropic/alwaysLoad': true } },
        ],
        nextCursor: 'next',
      },
      linear: [{ name: 'create_ticket' }],
    });
    expect(catalog.issues).toEqual([]);
    expect(catalog.tools.map((tool) => [tool.displayName, tool.server, tool.kind, tool.alwaysLoad])).toEqual([
      ['mcp__github__create_issue', 'github', 'mcp', false],
      ['mcp__github__get_me', 'github', 'mcp', true],
      ['mcp__linear__create_ticket', 'linear', 'mcp', false],
    ]);
    expect(catalog.servers).toEqual({ github: {}, linear: { alwaysLoad: true } });
  });

  it('lets options.servers override the config per server', () => {
    const catalog = catalogFromMcpServers(config, { github: [{ name: 'x' }] }, { servers: { github: { alwaysLoad: true } } });
    expect(catalog.servers).toEqual({ github: { alwaysLoad: true }, linear: { alwaysLoad: true } });
  });

  it('skips and reports a listing of an unknown server before tool issues', () => {
    const catalog = catalogFromMcpServers(config, { github: [{ name: '' }], jira: [{ name: 'create_issue' }] });
    expect(catalog.tools).toEqual([]);
    expect(catalog.issues.map((issue) => issue.code)).toEqual(['catalog-unknown-server', 'catalog-missing-name']);
    expect(catalog.issues[0]!.message).toContain('"jira"');
  });

  it('throws the unknown server in strict mode', () => {
    try {
      catalogFromMcpServers(config, { jira: [] }, { strict: true });
      expect.unreachable();
    } catch (error) {
      expect(isLoadoutError(error) && error.code).toBe('catalog-unknown-server');
    }
  });

  it('ignores a server field inside a listed tool', () => {
    const catalog = catalogFromMcpServers(config, { github: [{ name: 'x', server: 'other' } as never] });
    expect(catalog.tools[0]!.displayName).toBe('mcp__github__x');
  });
});
