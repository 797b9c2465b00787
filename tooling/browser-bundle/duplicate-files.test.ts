import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findDuplicateFiles, unhashedName } from './duplicate-files.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-duplicates-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

describe('findDuplicateFiles', () => {
  it('strips the content hash from a built name', () => {
    expect(unhashedName('assets/transformers.web-C-n2KbwL.js')).toBe('transformers.web.js');
    expect(unhashedName('static/glove-sg-100d-50k.ldwv')).toBe('glove-sg-100d-50k.ldwv');
  });

  it('finds a file emitted twice under two names, and two builds of one module', () => {
    const folder = tree({
      'assets/glove-DDGXmjUS.ldwv': 'vectors',
      'static/glove.ldwv': 'vectors',
      'assets/regex-C7JbxxX9.js': 'x'.repeat(1000),
      'assets/regex-DcOftN5U.js': 'y'.repeat(1010),
      'assets/src-BK5L1-Gq.js': 'a'.repeat(100),
      'assets/src-Cak_7h2L.js': 'b'.repeat(5000),
    });
    expect(findDuplicateFiles(folder)).toEqual([['assets/glove-DDGXmjUS.ldwv', 'static/glove.ldwv'], ['assets/regex-C7JbxxX9.js', 'assets/regex-DcOftN5U.js']]);
  });

  it('finds none in a folder of distinct files', () => {
    expect(findDuplicateFiles(tree({ 'index.html': '<p>', 'assets/index-CZIXmIeh.js': 'js' }))).toEqual([]);
  });
});
