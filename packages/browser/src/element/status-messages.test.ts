import { createLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { blockedText, describeError, foundText, indexingText, loadFailedText, NO_TOOLS_TEXT, readyText, searchFailedText, selectedText } from './status-messages.js';

describe('describeError', () => {
  it('shows a Loadout error with its code, and another error or value by its message', () => {
    expect(describeError(createLoadoutError('catalog-too-large', 'too many'))).toBe('too many [catalog-too-large]');
    expect(describeError(new Error('HTTP 404'))).toBe('HTTP 404');
    expect(describeError('odd')).toBe('odd');
  });
});

describe('status messages', () => {
  const problem = createLoadoutError('invalid-option', 'bad limit');

  it('says why a loaded catalog cannot be searched, or nothing when it can', () => {
    expect(blockedText(problem, 12)).toBe('Cannot search: bad limit [invalid-option]');
    expect(blockedText(undefined, 0)).toBe(NO_TOOLS_TEXT);
    expect(blockedText(undefined, 12)).toBeUndefined();
  });

  it('counts the tools once loaded, with thousands separators', () => {
    expect(readyText(undefined, 10_000)).toBe('10,000 tools. Type to search.');
    expect(readyText(undefined, 0)).toBe('The catalog has no tools.');
    expect(readyText(problem, 10_000)).toBe('Cannot search: bad limit [invalid-option]');
    expect(readyText(undefined, 1)).toBe('1 tool. Type to search.');
    expect(indexingText(100_000)).toBe('Indexing 100,000 tools…');
  });

  it('says how many tools were skipped and why, each code once, when more than three were', () => {
    const issues = [
      { code: 'catalog-missing-name', message: 'a' },
      { code: 'catalog-duplicate-name', message: 'b' },
      { code: 'catalog-missing-name', message: 'c' },
      { code: 'catalog-missing-name', message: 'd' },
    ] as const;
    expect(readyText(undefined, 2, issues)).toBe('2 tools (4 skipped: catalog-missing-name, catalog-duplicate-name). Type to search.');
    expect(readyText(undefined, 0, issues)).toBe('The catalog has no tools (4 skipped: catalog-missing-name, catalog-duplicate-name).');
  });

  it('names up to three skipped tools as their messages do, by name or 0-based position, each with its code', () => {
    const long = `deep_${'x'.repeat(60)}`;
    const issues = [
      { code: 'catalog-missing-name', message: 'tools.json: tool at index 2 has no name (got undefined)', index: 2 },
      { code: 'catalog-invalid-schema', message: `tools.json: tool at index 4 (${JSON.stringify(long)}) has an inputSchema that nests deeper than 1,000 levels`, index: 4, name: long },
      { code: 'catalog-duplicate-name', message: 'tools.json: tool at index 5 duplicates the name "mcp__github__create_issue"; the later one is skipped', index: 5, name: 'create_issue' },
    ] as const;
    expect(readyText(undefined, 2, issues)).toBe(
      `2 tools (3 skipped: tool at index 2 (catalog-missing-name), deep_${'x'.repeat(34)}… (catalog-invalid-schema), tool at index 5 (catalog-duplicate-name)). Type to search.`,
    );
  });

  it('counts results, and names failures and the picked tool', () => {
    expect(foundText(0)).toBe('No tool matches.');
    expect(foundText(0, 'xyzzy')).toBe('No tool matches.');
    expect(foundText(0, '🚀💬 !')).toBe('No tool matches: the query has no letters or digits to search for.');
    expect(foundText(2, '🚀')).toBe('2 tools found.');
    expect(foundText(1)).toBe('1 tool found.');
    expect(foundText(4)).toBe('4 tools found.');
    expect(loadFailedText(new Error('HTTP 404'))).toBe('Could not load the tools: HTTP 404');
    expect(searchFailedText(new Error('worker gone'))).toBe('Search failed: worker gone');
    expect(selectedText('read_file')).toBe('Selected read_file.');
  });
});
