import { describe, expect, it } from 'vitest';
import { searchToolDescription, searchToolInputSchema } from './search-tool-definition.js';

const settings = { toolCount: 40, limit: 5, maxLimit: 10, maxQueryLength: 500, summary: 'You can search for tools to interact with Slack.' };

describe('searchToolDescription', () => {
  it('states the summary, the query syntax and the default limit', () => {
    const description = searchToolDescription(settings);
    expect(description).toMatch(/^Search a catalog of 40 tools /);
    expect(description).toContain(' You can search for tools to interact with Slack. ');
    expect(description).toContain('"select:name_a,name_b"');
    expect(description).toMatch(/Loads up to 5 tools unless limit says otherwise\.$/);
  });

  it('leaves an empty summary out without a double space', () => {
    expect(searchToolDescription({ ...settings, summary: '' })).not.toContain('  ');
  });
});

describe('searchToolInputSchema', () => {
  it('caps the query and the limit and refuses other properties', () => {
    const schema = searchToolInputSchema({ ...settings, maxQueryLength: 200, maxLimit: 20 });
    expect(schema.properties.query).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(schema.properties.query.description).toContain('at most 200 characters');
    expect(schema.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 20, description: 'How many tools to load; default 5.' });
    expect(schema.required).toEqual(['query']);
    expect(schema.additionalProperties).toBe(false);
  });
});
