import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { renderToolDefinition } from './render-tool-definition.js';

describe('renderToolDefinition', () => {
  it('renders name (the API name), description and input_schema as JSON', () => {
    const catalog = createCatalog([
      { name: 'create issue!', server: 'git hub', description: 'ignored', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
    ]);
    const tool = catalog.tools[0];
    if (tool === undefined) throw new Error('fixture tool missing');
    const text = renderToolDefinition(tool, 'Create an issue');
    expect(JSON.parse(text)).toEqual({
      name: tool.apiName,
      description: 'Create an issue',
      input_schema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    expect(tool.apiName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['name', 'description', 'input_schema']);
  });

  it('renders the default schema for a tool without one', () => {
    const tool = createCatalog([{ name: 'Bash', kind: 'core' }]).tools[0];
    if (tool === undefined) throw new Error('fixture tool missing');
    expect(renderToolDefinition(tool, '')).toBe('{"name":"Bash","description":"","input_schema":{"type":"object","properties":{}}}');
  });
});
