import { describe, expect, it } from 'vitest';
import { decodeSearchId, encodeSearchId } from './search-id.js';

describe('searchId', () => {
  it('round-trips the query and the found tools', () => {
    const token = encodeSearchId('créer une issue github', ['mcp__github__create_issue', 'mcp__fs__read_file']);
    const receipt = decodeSearchId(token)!;
    expect(receipt).toMatchObject({ id: token, query: 'créer une issue github', size: 2 });
    expect(receipt.found('mcp__github__create_issue')).toBe(true);
    expect(receipt.found('mcp__fs__read_file')).toBe(true);
    expect(receipt.found('mcp__fs__write_file')).toBe(false);
  });

  it('gives each search its own id: the same query and tools twice are two receipts', () => {
    const names = ['mcp__ev__find_charging_stations'];
    const first = encodeSearchId('find ev charging stations near me', names);
    const second = encodeSearchId('find ev charging stations near me', names);
    expect(first).not.toBe(second);
    expect(decodeSearchId(first)!.query).toBe(decodeSearchId(second)!.query);
    expect(encodeSearchId('q', names, 'fixed')).toBe(encodeSearchId('q', names, 'fixed'));
  });

  it('reads nothing from a value it did not make, nor a receipt no search could give (no tools, more than 100)', () => {
    const hundredAndOne = Array.from({ length: 101 }, (_, index) => `mcp__s__tool_${index}`);
    const noTools = encodeSearchId('a query', [], 'n');
    for (const value of [undefined, 42, '', 's2.', 's2.n.YQ', 's2.n..0000000', 's2..YQ.0000000', 's1.YQ.0000000', `s2.n.YQ.${'0'.repeat(6)}`, 's2.n.YQ.ABCDEFG', 's2.n.Y=Q.0000000', 's2.' + 'a'.repeat(5000), noTools, encodeSearchId('many', hundredAndOne)]) {
      expect(decodeSearchId(value)).toBeUndefined();
    }
    expect(decodeSearchId(encodeSearchId('many', hundredAndOne.slice(1)))!.size).toBe(100);
  });
});
