import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { checkFileFlag } from './check-file-flag.js';

describe('checkFileFlag', () => {
  it('refuses a URL for a file flag, naming the flag, its password and query values masked', () => {
    let caught: unknown;
    try {
      checkFileFlag('https://u:secretpw@h/tools.json?token=abc', 'tools');
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect((caught as Error).message).toBe('--tools takes a file, not a URL (got https://***@h/tools.json?token=***): give a file path');
    expect(JSON.stringify(caught)).not.toMatch(/secretpw|abc/);
  });

  it('accepts file paths, Windows ones and a colon inside a folder name, and an absent flag', () => {
    for (const path of ['tools.json', './a:b/q.jsonl', 'C:\\data\\q.jsonl', '/tmp/postgres:/x', undefined]) expect(() => checkFileFlag(path, 'queries')).not.toThrow();
  });
});
