import { mkdtempSync, readFileSync, readdirSync as readdir, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium-launch.js';

// `loadout eval --report FILE.html` (issue 29, item 2): one self-contained page, no network,
// readable at 1440 and 390 px, checked in Debian's Chromium; the built CLI, from a scratch folder.
const main = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));

function loadout(cwd: string, args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Measured in the page (a string: this file is typed for Node, not the DOM). */
const LAYOUT = `(() => {
  const overflowing = [...document.querySelectorAll('main > *, .ranker-card > *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('.scroll'));
  return {
    pageWidth: document.documentElement.scrollWidth,
    overflowing: overflowing.map((element) => element.tagName),
    fontSize: parseFloat(getComputedStyle(document.body).fontSize),
    rankers: document.querySelectorAll('.ranker-card').length,
    tableRows: document.querySelectorAll('tbody tr').length,
    headline: document.querySelector('h1')?.textContent,
    // Every table cell on screen, none left to a sideways scroll with no cue (the 390 px trial: 3 of the columns showed).
    cellsOffScreen: [...document.querySelectorAll('td')].filter((cell) => { const box = cell.getBoundingClientRect(); return box.width === 0 || box.left < -1 || box.right > window.innerWidth + 1; }).length,
    cells: document.querySelectorAll('td').length,
  };
})()`;

interface Layout {
  readonly pageWidth: number;
  readonly cellsOffScreen: number;
  readonly cells: number;
  readonly overflowing: readonly string[];
  readonly fontSize: number;
}
const folder = mkdtempSync(join(tmpdir(), 'loadout-eval-report-'));
let browser: Browser;
let html = '';

beforeAll(async () => {
  expect(loadout(folder, ['eval', '--ranker', 'bm25f,wink-bm25', '--misses', '3', '--report', 'r.html']).code).toBe(0);
  html = readFileSync(join(folder, 'r.html'), 'utf8');
  browser = await chromium.launch(chromiumLaunchOptions());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('loadout eval --report', () => {
  it('is one self-contained page: no script, no external resource', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/(?:src|href)=/i);
    expect(html).toContain('Recommended: bm25f.');
    expect(html).toContain('upload the exported CSV to the reports bucket');
  });

  it.each([
    [1440, 900],
    [390, 844],
  ])('reads at %i px wide in Chromium with no request leaving the page', async (width, height) => {
    const page = await browser.newPage({ viewport: { width, height } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(html, { waitUntil: 'load' });
    const layout = (await page.evaluate(LAYOUT)) as Layout;
    await page.close();
    expect(requests).toEqual([]);
    expect(layout.pageWidth).toBeLessThanOrEqual(width);
    expect(layout.overflowing).toEqual([]);
    expect(layout.fontSize).toBeGreaterThanOrEqual(14);
    expect(layout.cells).toBeGreaterThan(0);
    expect(layout.cellsOffScreen).toBe(0);
    expect(layout).toMatchObject({ rankers: 2, tableRows: 2, headline: 'loadout eval: demo' });
  });

  it.each([
    [['--report', 'missing/r.html'], 'file-unwritable', 'cannot write missing/r.html: ENOENT (the folder missing does not exist)'],
    [['--report', ''], 'invalid-option', 'a file to write needs a path (got "")'],
    [['--misses', '-1'], 'invalid-option', '--misses must be an integer from 0 to 1000, got "-1"'],
    [['--ranker', 'bm25f,bm25g'], 'unknown-ranker', 'unknown ranker "bm25g"'],
    [['--ranker', 'bm25f,,hybrid'], 'invalid-option', 'has an empty name'],
    [['--ranker', 'bm25f,bm25f'], 'invalid-option', 'names "bm25f" twice'],
  ])('%j is a coded error and writes no file', (flags, code, message) => {
    const scratch = mkdtempSync(join(tmpdir(), 'loadout-eval-bad-'));
    try {
      const run = loadout(scratch, ['eval', ...(flags[0] === '--report' ? flags : [...flags, '--report', 'out.html'])]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain(`[${code}]`);
      expect(run.stdout).toBe('');
      expect(readdir(scratch)).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
