import { describe, expect, it } from 'vitest';
import { SHOWN_UNKNOWN_LINES, unknownGoldError } from './unknown-gold-error.js';

const gold = (line: number, name = `ghost_${line}`) => ({ line, id: `q${line}`, name, problem: 'which is not in tools.json' });

describe('unknownGoldError', () => {
  it('reads one unknown name as one sentence', () => {
    const error = unknownGoldError('q.jsonl', [gold(3)]);
    expect(error.code).toBe('unknown-tool');
    expect(error.message).toBe('q.jsonl: line 3 (query "q3") names the tool "ghost_3", which is not in tools.json');
    expect(error.details).toMatchObject({ line: 3, id: 'q3', name: 'ghost_3', lines: 1 });
  });

  it('shows the query text, and the id only when the line gave one of its own (ranker trial F8: query "bad/u.jsonl:2" for the query "x")', () => {
    const text = { line: 2, id: 'q.jsonl:2', query: 'x', name: 'nope_tool', problem: 'which is not in tools.json' };
    expect(unknownGoldError('q.jsonl', [text]).message).toBe('q.jsonl: line 2 (query "x") names the tool "nope_tool", which is not in tools.json');
    expect(unknownGoldError('q.jsonl', [{ ...text, id: 'weather-7' }]).message).toBe('q.jsonl: line 2 (query "x", id "weather-7") names the tool "nope_tool", which is not in tools.json');
    expect(unknownGoldError('q.jsonl', [{ ...text, id: 'x' }]).message).toBe('q.jsonl: line 2 (query "x") names the tool "nope_tool", which is not in tools.json');
  });

  it('lists every bad line, several names of one line together', () => {
    const error = unknownGoldError('q.jsonl', [gold(1), gold(2), gold(2, 'other'), gold(5)]);
    expect(error.message).toBe(
      'q.jsonl: 3 lines name unknown tools (fix every one, then run again):' +
        '\n  line 1 (query "q1") names the tool "ghost_1", which is not in tools.json' +
        '\n  line 2 (query "q2") names the tool "ghost_2", which is not in tools.json; and the tool "other", which is not in tools.json' +
        '\n  line 5 (query "q5") names the tool "ghost_5", which is not in tools.json',
    );
    expect(error.details).toMatchObject({ line: 1, lines: 3 });
  });

  it(`shows the first ${SHOWN_UNKNOWN_LINES} lines and counts the rest`, () => {
    const error = unknownGoldError('q.jsonl', Array.from({ length: 13 }, (_, index) => gold(index + 1)));
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('q.jsonl: 13 lines name unknown tools (fix every one, then run again):');
    expect(lines.slice(1, -1)).toHaveLength(SHOWN_UNKNOWN_LINES);
    expect(lines.at(-1)).toBe('  and 3 more lines');
  });
});
