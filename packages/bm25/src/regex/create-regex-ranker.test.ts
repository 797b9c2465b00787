import { isLoadoutError } from '@loadout/core';
import { makeTools } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { createRegexRanker } from './create-regex-ranker.js';

const tools = makeTools([
  { name: 'list_files', description: 'List the files in a folder' },
  { name: 'read_file', server: 'fs', description: 'Read one file' },
  { name: 'send_email', description: 'Send an email with an attachment file' },
  { name: 'get_weather', description: 'Weather forecast', inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name' } } } },
  { name: 'write_FILE', description: 'Write text' },
]);

function ranker(options?: Parameters<typeof createRegexRanker>[0]): ReturnType<typeof createRegexRanker> {
  const result = createRegexRanker(options);
  result.index(tools);
  return result;
}

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return isLoadoutError(error) ? error.code : String(error);
  }
  return undefined;
}

const names = (hits: readonly { tool: { name: string } }[]): string[] => hits.map((hit) => hit.tool.name);

describe('createRegexRanker', () => {
  it('is a v1 ranker named regex', () => {
    const regex = ranker();
    expect(regex.name).toBe('regex');
    expect(regex.size).toBe(5);
  });

  it('matches case-insensitively anywhere; name beats description, then catalog order', () => {
    expect(names(ranker().search('file', { limit: 10 }))).toEqual(['list_files', 'read_file', 'write_FILE', 'send_email']);
    const scores = ranker().search('file', { limit: 10 }).map((hit) => hit.score);
    expect(scores).toEqual([6, 6, 4, 2]);
  });

  it('supports anchors and alternation over names and display names', () => {
    expect(names(ranker().search('^(read|write)_', { limit: 10 }))).toEqual(['read_file', 'write_FILE']);
    expect(names(ranker().search('^mcp__fs__'))).toEqual(['read_file']);
  });

  it('matches argument text below names and descriptions, unless turned off', () => {
    expect(names(ranker().search('city'))).toEqual(['get_weather']);
    expect(ranker().search('city')[0]!.score).toBe(1);
    expect(ranker({ matchParameters: false }).search('city')).toEqual([]);
  });

  it('honours limit and filter, and explains matches', () => {
    expect(ranker().search('file', { limit: 2 })).toHaveLength(2);
    expect(names(ranker().search('file', { filter: (tool) => tool.name.startsWith('w') }))).toEqual(['write_FILE']);
    const [hit] = ranker().search('FILES?', { explain: true });
    expect(hit!.explanation).toEqual({ matchedTerms: ['files'], fields: { name: 4, description: 2 }, components: { regex: 6 }, notes: [] });
  });

  it('throws pattern-invalid naming the pattern', () => {
    try {
      ranker().search('(unclosed');
      expect.unreachable();
    } catch (error) {
      expect(isLoadoutError(error) && error.code).toBe('pattern-invalid');
      expect(String(error)).toContain('"(unclosed"');
    }
    expect(codeOf(() => ranker().search('(?<=look)behind'))).toBe('pattern-invalid');
  });

  it('throws pattern-too-long past 200 characters, or the configured limit', () => {
    expect(codeOf(() => ranker().search('a'.repeat(200)))).toBeUndefined();
    expect(codeOf(() => ranker().search('a'.repeat(201)))).toBe('pattern-too-long');
    expect(codeOf(() => ranker({ maxPatternLength: 5 }).search('abcdef'))).toBe('pattern-too-long');
  });

  it('runs in linear time: a catastrophic-backtracking pattern returns promptly', () => {
    const evil = makeTools([{ name: 'victim', description: `${'a'.repeat(50_000)}!` }]);
    const regex = createRegexRanker();
    regex.index(evil);
    const started = performance.now();
    expect(regex.search('(a+)+$')).toEqual([]);
    expect(regex.search('(a|aa)*b')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('follows add and remove', () => {
    const regex = ranker();
    regex.add(makeTools([{ name: 'zip_folder' }]));
    regex.remove(['list_files']);
    expect(names(regex.search('folder'))).toEqual(['zip_folder']);
    expect(regex.size).toBe(5);
  });
});
