import { summarizeCatalog } from '@loadout/core';
import type { JsonObject } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createDemoCatalog, demoCatalogInput, demoQueries } from './index.js';

const catalog = createDemoCatalog();

function definitionChars(tool: { apiName: string; description: string; inputSchema: JsonObject }): number {
  return JSON.stringify({ name: tool.apiName, description: tool.description, input_schema: tool.inputSchema }).length;
}

function propertiesOf(schema: JsonObject): Array<[string, JsonObject]> {
  const properties = (schema['properties'] ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties);
}

describe('demo catalog', () => {
  it('validates with zero issues', () => {
    expect(catalog.issues).toEqual([]);
    expect(catalog.tools).toHaveLength(demoCatalogInput.tools.length);
  });

  it('has the expected number of tools per service', () => {
    const counts: Record<string, number> = {};
    for (const tool of catalog.tools) if (tool.server !== null) counts[tool.server] = (counts[tool.server] ?? 0) + 1;
    expect(counts).toEqual({
      github: 32,
      stripe: 25,
      slack: 25,
      jira: 24,
      'aws-s3': 20,
      datadog: 20,
      gmail: 20,
      'google-drive': 20,
      linear: 20,
      notion: 20,
      sentry: 18,
      confluence: 16,
      'google-calendar': 16,
      postgres: 16,
    });
    const mcpTools = catalog.tools.filter((tool) => tool.kind === 'mcp').length;
    expect(mcpTools).toBeGreaterThanOrEqual(280);
    expect(mcpTools).toBeLessThanOrEqual(320);
  });

  it('has core and on-demand built-ins without a server', () => {
    const byKind = (kind: string) => catalog.tools.filter((tool) => tool.kind === kind).map((tool) => tool.displayName);
    expect(byKind('core')).toEqual(['Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep']);
    expect(byKind('builtin')).toEqual(['WebFetch', 'WebSearch', 'NotebookEdit', 'TodoWrite']);
  });

  it('marks a few tools and one server always-loaded', () => {
    expect(catalog.tools.filter((tool) => tool.alwaysLoad).map((tool) => tool.displayName)).toEqual([
      'mcp__github__get_pull_request',
      'mcp__slack__send_message',
      'mcp__jira__get_issue',
    ]);
    expect(catalog.byDisplayName.get('mcp__slack__send_message')!.meta).toEqual({ 'anthropic/alwaysLoad': true });
    expect(Object.entries(catalog.servers).filter(([, settings]) => settings.alwaysLoad === true).map(([server]) => server)).toEqual([
      'google-calendar',
    ]);
  });

  it('is large enough to reach an auto threshold of 10% of 200k tokens', () => {
    const deferrable = catalog.tools.filter(
      (tool) => tool.kind !== 'core' && !tool.alwaysLoad && catalog.servers[tool.server ?? '']?.alwaysLoad !== true,
    );
    const approximateTokens = Math.ceil(deferrable.reduce((sum, tool) => sum + definitionChars(tool), 0) / 4);
    expect(approximateTokens).toBeGreaterThanOrEqual(20_000);
  });

  it('describes every tool and every parameter, and requires only declared parameters', () => {
    for (const tool of catalog.tools) {
      expect(tool.description.length, tool.displayName).toBeGreaterThanOrEqual(30);
      expect(tool.inputSchema['type']).toBe('object');
      const properties = propertiesOf(tool.inputSchema);
      for (const [name, property] of properties) expect(typeof property['description'], `${tool.displayName}.${name}`).toBe('string');
      const required = (tool.inputSchema['required'] ?? []) as string[];
      for (const name of required) expect(properties.map(([key]) => key), tool.displayName).toContain(name);
    }
  });

  it('uses tool names the Messages API accepts as they are', () => {
    for (const tool of catalog.tools) expect(tool.apiName).toBe(tool.displayName);
  });

  it('has about thirty queries whose expected tool exists and is deferrable', () => {
    expect(demoQueries.length).toBeGreaterThanOrEqual(28);
    for (const { query, expected } of demoQueries) {
      const tool = catalog.byDisplayName.get(expected);
      expect(tool, query).toBeDefined();
      expect(tool!.kind, query).not.toBe('core');
      expect(tool!.alwaysLoad, query).toBe(false);
      expect(catalog.servers[tool!.server ?? '']?.alwaysLoad, query).not.toBe(true);
    }
    expect(new Set(demoQueries.map((entry) => entry.query)).size).toBe(demoQueries.length);
  });

  it('summarizes to a sentence naming the largest services', () => {
    const summary = summarizeCatalog(catalog);
    expect(summary).toMatch(/^You can search for tools to interact with GitHub, Stripe, Slack, Jira, /);
    expect(summary).not.toContain('Google Calendar');
  });
});
