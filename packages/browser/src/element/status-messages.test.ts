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

  it('names up to three skipped tools, by name or position, each with its code', () => {
    const issues = [
      { code: 'catalog-missing-name', message: 'a', index: 0 },
      { code: 'catalog-invalid-schema', message: 'b', index: 4, name: `deep_${'x'.repeat(60)}` },
    ] as const;
    expect(readyText(undefined, 2, issues)).toBe(
      `2 tools (2 skipped: tool 1 (catalog-missing-name), deep_${'x'.repeat(34)}… (catalog-invalid-schema)). Type to search.`,
    );
  });

  it('names the max-tools attribute when a catalog is too large', () => {
    expect(loadFailedText(createLoadoutError('catalog-too-large', 'x.json: catalog has 10001 tools, more than the limit of 10000'))).toBe(
      'Could not load the tools: x.json: catalog has 10001 tools, more than the limit of 10000; set the max-tools attribute to allow more (up to 1,000,000) [catalog-too-large]',
    );
  });

  it('counts results, and names failures and the picked tool', () => {
    expect(foundText(0)).toBe('No tool matches.');
    expect(foundText(1)).toBe('1 tool found.');
    expect(foundText(4)).toBe('4 tools found.');
    expect(loadFailedText(new Error('HTTP 404'))).toBe('Could not load the tools: HTTP 404');
    expect(searchFailedText(new Error('worker gone'))).toBe('Search failed: worker gone');
    expect(selectedText('read_file')).toBe('Selected read_file.');
  });
});
