import { describe, expect, it } from 'vitest';
import { createCatalog } from './create-catalog.js';
import { toToolInput } from './to-tool-input.js';

describe('toToolInput', () => {
  it('round-trips through createCatalog', () => {
    const catalog = createCatalog([
      { name: 'Bash', kind: 'core' },
      { name: 'create_issue', server: 'github', description: 'Create an issue', tokens: 40, _meta: { 'anthropic/alwaysLoad': true } },
      { name: 'fetch', kind: 'builtin', inputSchema: { type: 'object', properties: { url: { type: 'string' } } } },
    ]);
    const again = createCatalog(catalog.tools.map(toToolInput));
    expect(again.tools).toEqual(catalog.tools);
  });
});
