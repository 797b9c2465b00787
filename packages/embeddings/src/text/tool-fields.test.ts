import { describe, it, expect } from 'vitest';
import { createCatalog } from '@loadout/core';
import { toolFields, toolSentence } from './tool-fields.js';

describe('toolFields', () => {
  const catalog = createCatalog([
    {
      name: 'create_issue',
      server: 'github',
      description: 'Create a new issue.',
      inputSchema: {
        type: 'object',
        properties: { owner: { type: 'string', description: 'Repository owner' }, title: { type: 'string' }, nested: 3 },
      },
    },
    { name: 'ping' },
  ]);

  it('collects name, description and top-level parameter names and descriptions', () => {
    const [issue, ping] = catalog.tools;
    expect(toolFields(issue!)).toEqual({
      name: 'create_issue',
      description: 'Create a new issue.',
      parameterNames: 'owner title nested',
      parameterDescriptions: 'Repository owner',
    });
    expect(toolFields(ping!)).toEqual({ name: 'ping', description: '', parameterNames: '', parameterDescriptions: '' });
  });

  it('renders the sentence embedders read', () => {
    expect(toolSentence(catalog.tools[0]!)).toBe('create_issue: Create a new issue.');
    expect(toolSentence(catalog.tools[1]!)).toBe('ping');
  });
});
