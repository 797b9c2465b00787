import { isLoadoutError } from '@loadout/core';
import { describe, expect, it, vi } from 'vitest';
import { createTiktokenCounter } from './index.js';

const SECRET = vi.hoisted(() => 'c2VjcmV0LWxpbmU');

// o200k_base: a damaged rank file, a truncated line with a character outside base64; cl100k_base: a file that exports nothing.
vi.mock('#load-rank-file', () => ({
  loadRankFile: (encoding: string) =>
    encoding === 'o200k_base' ? { pat_str: '\\p{L}+|\\s+', special_tokens: {}, bpe_ranks: `! 0 YQ== Yg==\n! 2 ${SECRET}*\n` } : {},
}));

function countError(encoding: 'o200k_base' | 'cl100k_base'): unknown {
  try {
    createTiktokenCounter({ encoding }).count('hello world');
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('createTiktokenCounter on a damaged rank file', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)('throws model-unavailable naming %s, never its contents, on every count', (encoding) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = countError(encoding);
      expect(isLoadoutError(error) && error.code).toBe('model-unavailable');
      const message = String((error as Error).message);
      expect(message).toContain(`"${encoding}"`);
      expect(message).toContain(`(js-tiktoken/ranks/${encoding}) is damaged or empty`);
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain('YQ==');
    }
  });
});
