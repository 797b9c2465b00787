import type { McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import type { DeclarativeMod } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { mcpServersWithAlwaysLoad } from './mcp-servers-with-always-load.js';

const servers: Record<string, McpServerConfig> = {
  github: { type: 'http', url: 'https://mcp.github.example/mcp', headers: { authorization: 'Bearer x' } },
  files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
  slack: { type: 'sse', url: 'https://slack.example/sse' },
};

describe('mcpServersWithAlwaysLoad', () => {
  it('sets alwaysLoad on the named servers and leaves the others as given', () => {
    const { mcpServers, warnings } = mcpServersWithAlwaysLoad(servers, { alwaysLoad: ['github'] });
    expect(mcpServers).toEqual({ ...servers, github: { ...servers['github'], alwaysLoad: true } });
    expect(mcpServers['files']).toBe(servers['files']);
    expect(servers['github']).not.toHaveProperty('alwaysLoad');
    expect(warnings).toEqual([]);
  });

  it('turns server-wide mod rules into alwaysLoad true or false, the last rule winning and alwaysLoad winning over mods', () => {
    const { mcpServers, warnings } = mcpServersWithAlwaysLoad(servers, {
      mods: [
        { plugin: 'a', rules: [{ isDeferred: true }, { server: 'files', isDeferred: false }] },
        { plugin: 'b', rules: [{ server: 'slack', tool: '*', isDeferred: false }, { server: 'github', description: 'only text' }] },
      ],
      alwaysLoad: ['github'],
    });
    expect(mcpServers).toEqual({
      github: { ...servers['github'], alwaysLoad: true },
      files: { ...servers['files'], alwaysLoad: true },
      slack: { ...servers['slack'], alwaysLoad: true },
    });
    expect(warnings).toEqual([]);
    const deferred = mcpServersWithAlwaysLoad(servers, { mods: [{ plugin: 'c', rules: [{ server: 'slack', isDeferred: true }] }] });
    expect(deferred.mcpServers['slack']).toEqual({ ...servers['slack'], alwaysLoad: false });
  });

  it('reports what an mcpServers config cannot express instead of throwing', () => {
    const sdkServer = { type: 'sdk', name: 'inproc', instance: {} } as unknown as McpServerConfig;
    const { mcpServers, warnings } = mcpServersWithAlwaysLoad(
      { ...servers, inproc: sdkServer },
      {
        alwaysLoad: ['mcp__github__create_issue', 'jira', 'inproc'],
        mods: [{ plugin: 'p', rules: [{ server: 'slack', tool: 'send_*', isDeferred: false }, { server: 'nope', isDeferred: false }] }],
      },
    );
    expect(warnings.map((warning) => [warning.code, warning.name])).toEqual([
      ['tool-level', 'mcp__slack__send_*'],
      ['unknown-server', 'nope'],
      ['tool-level', 'mcp__github__create_issue'],
      ['unknown-server', 'jira'],
      ['sdk-server', 'inproc'],
    ]);
    expect(mcpServers['inproc']).toBe(sdkServer);
    expect(warnings[4]!.message).toBe('"inproc" is an in-process server: pass alwaysLoad: true to createSdkMcpServer instead');
  });

  // Retrial (decision 3455): { name }, a rule {} and isDefered were accepted silently (warnings [], the { name } mod
  // applied), where core's modFromRules refuses them.
  it.each<[string, unknown, string]>([
    ['"name" for "plugin"', { name: 'p', rules: [{ server: 'files', isDeferred: true }] }, 'mods[0]: a declarative mod: unknown key "name"; did you mean "plugin"?'],
    ['a rule that does nothing', { plugin: 'p', rules: [{}] }, 'mods[0]: mod "p": rule 0 {} does nothing'],
    ['a misspelt rule field', { plugin: 'p', rules: [{ server: 'files', isDefered: true }] }, 'rule 0 has unknown field "isDefered"; did you mean "isDeferred"?'],
    ['empty rules', { plugin: 'p', rules: [] }, 'mods[0]: mod "p": rules is empty'],
    ['an empty description', { plugin: 'p', rules: [{ server: 'files', description: '' }] }, 'rule 0 sets description ""'],
  ])('refuses a mod modFromRules refuses, %s, with mod-invalid', (_, mod, message) => {
    const call = () => mcpServersWithAlwaysLoad(servers, { alwaysLoad: ['github'], mods: [mod as DeclarativeMod] });
    expect(call).toThrow(expect.objectContaining({ code: 'mod-invalid', message: expect.stringContaining(message) }));
  });
});
