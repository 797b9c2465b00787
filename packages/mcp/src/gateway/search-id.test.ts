import { describe, expect, it } from 'vitest';
import { decodeSearchId, encodeSearchId } from './search-id.js';

describe('searchId', () => {
  it('round-trips the query and the found tools', () => {
    const token = encodeSearchId('créer une issue github', ['mcp__github__create_issue', 'mcp__fs__read_file']);
    const receipt = decodeSearchId(token)!;
    expect(receipt.query).toBe('créer une issue github');
    expect(receipt.found('mcp__github__create_issue')).toBe(true);
    expect(receipt.found('mcp__fs__read_file')).toBe(true);
    expect(receipt.found('mcp__fs__write_file')).toBe(false);
  });

  it('reads nothing from a value it did not make', () => {
    for (const value of [undefined, 42, '', 's1.', 's1.abc', 's1..0000000', 'x1.YQ.0000000', `s1.YQ.${'0'.repeat(6)}`, 's1.YQ.ABCDEFG', 's1.' + 'a'.repeat(5000)]) {
      expect(decodeSearchId(value)).toBeUndefined();
    }
  });
});
