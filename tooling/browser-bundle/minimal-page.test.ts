import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { build, createLogger } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../chromium-launch.js';
import { startStaticServer } from '../static-server.js';
import type { StaticServer } from '../static-server.js';
import { findDuplicateFiles } from './duplicate-files.js';
import { gzipSize } from './gzip-size.js';

/** What a page that searches with BM25F may load: this much JavaScript, gzipped (1 kB = 1,000 bytes), and no other file but its HTML. */
export const BM25F_PAGE_JS_BUDGET = 60_000;

const workspace = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('./__fixtures__/minimal-page/', import.meta.url));

/**
 * A user's page in a scratch folder, importing the built `@loadout/browser`
 * (its `dist/`, as from the registry; `pnpm test` builds first) and bundled
 * by Vite with the settings the README gives: the build must print no
 * warning (no Node-only module reached from a browser entry), emit each
 * file once, and the page must search with BM25F within the budget.
 */
describe('a minimal Vite page importing @loadout/browser', () => {
  let folder = '';
  const warnings: string[] = [];
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'loadout-minimal-page-'));
    cpSync(fixture, folder, { recursive: true });
    mkdirSync(join(folder, 'node_modules', '@loadout'), { recursive: true });
    symlinkSync(join(workspace, 'packages', 'browser'), join(folder, 'node_modules', '@loadout', 'browser'), 'dir');
    const logger = createLogger('warn', { allowClearScreen: false });
    const record = (message: string): void => void warnings.push(message);
    await build({
      root: folder,
      configFile: false,
      logLevel: 'warn',
      customLogger: { ...logger, warn: record, warnOnce: record, error: record },
      worker: { format: 'es' },
      build: { target: 'es2022', outDir: 'dist' },
    });
    server = await startStaticServer(join(folder, 'dist'));
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder !== '') rmSync(folder, { recursive: true, force: true });
  });

  it('builds without a single warning (no module externalized for browser compatibility)', () => {
    expect(warnings).toEqual([]);
  });

  it('emits each file once', () => {
    expect(findDuplicateFiles(join(folder, 'dist'))).toEqual([]);
  });

  it(`searches with BM25F loading at most ${BM25F_PAGE_JS_BUDGET / 1000} kB of JavaScript gzipped and no other file`, async () => {
    const page = await browser!.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(server!.url);
    await page.waitForSelector('#results li');
    expect(await page.locator('#results li').first().textContent()).toBe('send_email');
    await page.fill('#query', 'calendar');
    await page.waitForFunction(() => document.getElementById('results')?.dataset['query'] === 'calendar');
    expect(await page.locator('#results li').first().textContent()).toBe('create_event');
    await page.close();
    const paths = requested.map((url) => new URL(url).pathname);
    const scripts = paths.filter((path) => extname(path) === '.js');
    const others = paths.filter((path) => extname(path) !== '.js' && path !== '/');
    const gzipped = scripts.reduce((total, path) => total + gzipSize(readFileSync(join(folder, 'dist', path))), 0);
    console.log(`minimal BM25F page: ${scripts.length} scripts, ${(gzipped / 1000).toFixed(1)} kB gzipped`);
    expect(others).toEqual([]);
    expect(gzipped).toBeLessThanOrEqual(BM25F_PAGE_JS_BUDGET);
  });
});
