import { describe, expect, it } from 'vitest';
import type { CatalogTool } from '../catalog/tool.js';
import { toSearchHitRows } from './search-hit-row.js';

const tool = { displayName: 'fs::read', name: 'read', server: 'fs', description: 'Read a file' } as CatalogTool;

describe('toSearchHitRows', () => {
  it('numbers the hits from 1 and names each tool as search --json does', () => {
    expect(toSearchHitRows([{ tool, score: 2.5 }, { tool, score: 1 }])).toEqual([
      { rank: 1, score: 2.5, tool: 'fs::read', name: 'read', server: 'fs', description: 'Read a file' },
      { rank: 2, score: 1, tool: 'fs::read', name: 'read', server: 'fs', description: 'Read a file' },
    ]);
  });

  it('keeps an explanation only when the hit has one', () => {
    const explanation = { matchedTerms: ['read'], fields: {}, components: {}, notes: [] };
    const [row] = toSearchHitRows([{ tool, score: 1, explanation }]);
    expect(row).toHaveProperty('explanation', explanation);
    expect(toSearchHitRows([{ tool, score: 1 }])[0]).not.toHaveProperty('explanation');
  });
});
