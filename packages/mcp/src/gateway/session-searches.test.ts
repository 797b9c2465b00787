import type { CatalogTool } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createSessionSearches } from './session-searches.js';

const tool = (displayName: string) => ({ displayName }) as CatalogTool;

describe('createSessionSearches', () => {
  it('pairs a call with the most recent search that found its tool, else the latest search', () => {
    const searches = createSessionSearches();
    expect(searches.followed(tool('a'))).toBeUndefined();
    searches.found('s1', ['a', 'b']);
    searches.found('s2', ['c']);
    searches.found('s3', ['b']);
    expect(searches.followed(tool('a'))).toBe('s1');
    expect(searches.followed(tool('b'))).toBe('s3');
    expect(searches.followed(tool('c'))).toBe('s2');
    // A tool no search found, or an unknown one, follows the latest search (which records nothing for it).
    expect(searches.followed(tool('z'))).toBe('s3');
    expect(searches.followed(undefined)).toBe('s3');
    // A search that found nothing is the latest, and leaves what the others found.
    searches.found(undefined, []);
    expect(searches.followed(tool('z'))).toBeUndefined();
    expect(searches.followed(tool('a'))).toBe('s1');
  });
});
