import { isLoadoutError } from '@loadout/core';
import { describe, expect, it, vi } from 'vitest';
import { createTiktokenCounter } from './index.js';

// The loader's answer for a rank file it cannot load (missing, see load-rank-file.test.ts).
vi.mock('#load-rank-file', () => ({ loadRankFile: () => undefined }));

describe('createTiktokenCounter when a rank file is missing', () => {
  it.each(['cl100k_base', 'o200k_base'] as const)('imports and creates fine, then throws model-unavailable naming %s on every count', (encoding) => {
    const counter = createTiktokenCounter({ encoding });
    for (let attempt = 0; attempt < 2; attempt++) {
      let error: unknown;
      try {
        counter.count('hello');
      } catch (thrown) {
        error = thrown;
      }
      expect(isLoadoutError(error) && error.code).toBe('model-unavailable');
      expect(String((error as Error).message)).toBe(
        `@loadout/tokens: the rank file of encoding "${encoding}" (js-tiktoken/ranks/${encoding}) is missing or cannot be loaded; reinstall js-tiktoken`,
      );
    }
  });
});
