import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildPrebuiltIndex } from '@loadout/browser';
import { demoCatalogInput, demoQueries } from '@loadout/demo-catalog';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundTimings } from '../timings/playground-timings.js';
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../../../../tooling/chromium-launch.js';
import { findDuplicateFiles } from '../../../../tooling/browser-bundle/duplicate-files.js';
import { buildIfStale } from './build-if-stale.js';
import { startStaticServer } from '../../../../tooling/static-server.js';
import type { StaticServer } from '../../../../tooling/static-server.js';

const appRoot = fileURLToPath(new URL('../..', import.meta.url));
const packages = fileURLToPath(new URL('../../../../packages/', import.meta.url));
const screenshots = `${appRoot}screenshots/`;

/** Reads the page's timings. */
function timingsOf(page: Page): Promise<PlaygroundTimings> {
  return page.evaluate(() => window.__loadoutTimings as PlaygroundTimings);
}

/** Types `query` in one input event and waits until its results are on the page. */
async function search(page: Page, query: string): Promise<string | null> {
  await page.fill('#query', query);
  await page.waitForFunction((expected) => window.__loadoutTimings?.keystrokes.at(-1)?.query === expected, query);
  return page.locator('#results li.hit').first().getAttribute('data-tool');
}

/** Drops a file with `bytes` (text as UTF-8) on the drop zone. */
async function dropFile(page: Page, name: string, bytes: string | readonly number[]): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([typeof content === 'string' ? content : Uint8Array.from(content)], fileName));
      return data;
    },
    [name, bytes] as const,
  );
  await page.dispatchEvent('#catalog-drop', 'drop', { dataTransfer: transfer });
}

/** Elements wider than the window or past its right edge, and the page's scroll width against its client width. */
function readOverflow() {
  const root = document.documentElement;
  const over = [...document.querySelectorAll<HTMLElement>('body *')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > root.clientWidth + 0.5 || box.width > root.clientWidth + 0.5);
    })
    .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 30)}"`);
  return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, over };
}

/** Waits until the plan of the loaded catalog is shown and returns its state and reason code. */
async function decision(page: Page): Promise<{ state: string | null; reason: string | null }> {
  await page.waitForSelector('#decision-state');
  return { state: await page.getAttribute('#decision-state', 'data-state'), reason: await page.textContent('#decision-reason') };
}

/** Waits for the decision to settle on `reason`. */
async function waitForReason(page: Page, reason: string): Promise<void> {
  await page.waitForFunction((expected) => document.querySelector('#decision-reason')?.textContent === expected, reason);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The two screens the playground must fit. */
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Measures the layout in the page: widths, where panels start, and interactive elements under 44 px tall. */
function readLayout() {
  const query = document.querySelector<HTMLInputElement>('#query')!;
  const style = getComputedStyle(query);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const queryBox = query.getBoundingClientRect();
  const top = (selector: string): number => document.querySelector(selector)!.getBoundingClientRect().top + scrollY;
  const visible = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
  };
  const small = [...document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=file]), summary, .check')]
    .filter(visible)
    .filter((element) => element.getBoundingClientRect().height < 44)
    .map((element) => `${element.tagName.toLowerCase()}#${element.id || element.className || element.textContent?.slice(0, 20)}`);
  return {
    viewportWidth: innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    queryWidth: queryBox.width,
    queryBottom: queryBox.bottom,
    rankerTop: document.querySelector('#ranker')!.getBoundingClientRect().top,
    queryTextWidth: query.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    placeholder: query.placeholder,
    placeholderWidth: context.measureText(query.placeholder).width,
    panelTops: { search: top('#search-panel'), decision: top('#decision-panel'), catalog: top('#catalog-panel') },
    smallTargets: small,
  };
}

describe('playground in headless Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  const pageErrors: string[] = [];

  const open = async (path = '', on: BrowserContext = context): Promise<Page> => {
    const page = await on.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector('#catalog-status strong');
    return page;
  };

  /** A browser context of `viewport`'s size; the phone is a touch screen at twice the pixels. */
  const deviceFor = async (viewport: (typeof VIEWPORTS)[number]): Promise<BrowserContext> => {
    const device = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.name === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    device.setDefaultTimeout(15_000);
    return device;
  };

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: run bash tooling/ensure-chromium.sh (pnpm test does)`);
    await buildIfStale({
      appRoot,
      extraSources: ['core', 'bm25', 'tokens', 'embeddings', 'rankers', 'browser', 'demo-catalog'].map((name) => `${packages}${name}/src`),
    });
    await mkdir(screenshots, { recursive: true });
    server = await startStaticServer(`${appRoot}dist`);
    browser = await chromium.launch(chromiumLaunchOptions());
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    context.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('loads the demo catalog and ranks the expected tool first for demo queries', async () => {
    const page = await open();
    expect(await page.textContent('#catalog-status')).toMatch(/^\d{3} tools · 14 servers · demo catalog/);
    for (const entry of [demoQueries[0], demoQueries[7], demoQueries[21], demoQueries[32]]) {
      expect(await search(page, entry!.query), entry!.query).toBe(entry!.expected);
    }
    const first = page.locator('#results li.hit').first();
    expect(await first.locator('.rank').textContent()).toBe('rank 1');
    expect(await first.locator('.hit-description mark').count()).toBeGreaterThan(0);
    await first.locator('summary').click();
    expect(await first.locator('.explanation').textContent()).toMatch(/Matched terms: .*fetch/);
    expect(await first.locator('.contributions dt').allTextContents()).toEqual(expect.arrayContaining(['name', 'bm25f']));

    await search(page, demoQueries[21]!.query);
    await page.locator('#results li.hit').first().locator('summary').click();
    await page.screenshot({ path: `${screenshots}playground.png` });
    await page.close();
  }, 30_000);

  it('shows the decision, its reason and trace for the policy inputs', async () => {
    const page = await open();
    expect(await decision(page)).toEqual({ state: 'on', reason: 'default-on' });
    const defaultTrace = await page.locator('#decision-trace li').count();
    expect(defaultTrace).toBeGreaterThan(3);

    await page.selectOption('#env-mode', 'false');
    await waitForReason(page, 'env-false');
    expect(await decision(page)).toEqual({ state: 'off', reason: 'env-false' });
    expect(await page.textContent('#decision-trace')).toContain('ENABLE_TOOL_SEARCH');

    await page.selectOption('#env-mode', 'auto:N');
    await page.fill('#env-percent', '90');
    await waitForReason(page, 'auto-below-threshold');
    expect(await page.textContent('#token-chart .threshold-label')).toContain('auto 90%');
    await page.fill('#env-percent', '5');
    await waitForReason(page, 'auto-threshold-reached');
    expect(await page.getAttribute('#decision-state', 'data-state')).toBe('on');

    await page.selectOption('#env-mode', '');
    await page.fill('#model', 'claude-3-5-sonnet-20241022');
    await waitForReason(page, 'model-unsupported');
    await page.fill('#model', 'claude-sonnet-4-5');
    await page.check('#hipaa');
    await waitForReason(page, 'hipaa');
    await page.uncheck('#hipaa');
    await page.fill('#base-url', 'https://llm-gateway.example.com');
    await page.fill('#sdk-version', '1.0.0');
    await waitForReason(page, 'gateway-legacy-default-off');
    await page.fill('#base-url', '');
    await page.fill('#sdk-version', '');
    await page.selectOption('#disable-betas', '1');
    await waitForReason(page, 'betas-disabled');
    await page.close();
  }, 30_000);

  it('updates the plan live from the mods editor', async () => {
    const page = await open();
    await decision(page);
    const upfrontBefore = Number((await page.textContent('#decision'))?.match(/([\d,]+) upfront/)?.[1]?.replace(/,/g, ''));
    await page.click('#add-rule');
    await page.fill('[aria-label="Rule 1 server"]', 'github');
    await page.fill('[aria-label="Rule 1 tool glob"]', 'create_*');
    await page.selectOption('[aria-label="Rule 1 action"]', 'pin');
    await page.waitForFunction(() => /\d+ tools placed by these rules \((\d+) upfront/.test(document.querySelector('#mod-effect')?.textContent ?? ''));
    const pinned = Number((await page.textContent('#mod-effect'))?.match(/\((\d+) upfront/)?.[1]);
    expect(pinned).toBeGreaterThan(2);
    await page.waitForFunction(
      (expected) => document.querySelector('#decision')?.textContent?.includes(`${expected.toLocaleString('en-US')} upfront`),
      upfrontBefore + pinned,
    );
    expect(await search(page, demoQueries[0]!.query)).toBe('mcp__github__create_pull_request');
    expect(await page.locator('#results li.hit').first().locator('.badge.upfront').count()).toBe(1);

    await page.click('[aria-label="Remove rule 1"]');
    await page.waitForFunction((expected) => document.querySelector('#decision')?.textContent?.includes(`${expected} upfront`), String(upfrontBefore));
    await page.close();
  }, 30_000);

  it('shows a malformed catalog error next to the input it came from and keeps the loaded catalog', async () => {
    const page = await open();
    const status = await page.textContent('#catalog-status');
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['{ "tools": [ { "name": "send_message", '], 'broken.json', { type: 'application/json' }));
      return transfer;
    });
    await page.dispatchEvent('#catalog-drop', 'drop', { dataTransfer: dropped });
    await page.waitForSelector('#file-error:not([hidden])');
    expect(await page.textContent('#file-error .error-code')).toBe('catalog-invalid-json');
    expect(await page.textContent('#file-error .error-message')).toContain('broken.json');
    expect(await page.isHidden('#paste-error')).toBe(true);

    await page.fill('#catalog-paste', '{ "servers": {} }');
    await page.click('#load-pasted');
    await page.waitForSelector('#paste-error:not([hidden])');
    expect(await page.textContent('#paste-error .error-code')).toBe('catalog-invalid-format');
    expect(await page.textContent('#catalog-status')).toBe(status);
    // The failed loads did not displace the demo catalog: its plan still arrives.
    expect(await decision(page)).toEqual({ state: 'on', reason: 'default-on' });
    await page.screenshot({ path: `${screenshots}playground-errors.png` });

    await page.fill('#catalog-paste', JSON.stringify([{ name: 'ring_bell', description: 'Ring the office bell', server: 'office' }, { description: 'no name' }]));
    await page.click('#load-pasted');
    await page.waitForFunction(() => document.querySelector('#catalog-status')?.textContent?.startsWith('1 tool ·'));
    expect(await page.isHidden('#paste-error')).toBe(true);
    expect(await page.isHidden('#file-error')).toBe(true);
    expect(await page.textContent('#catalog-issues summary')).toBe('1 skipped entry');
    expect(await search(page, 'ring the bell')).toBe('mcp__office__ring_bell');
    await page.close();
  }, 30_000);

  it('refuses a Latin-1 file, an empty paste and an empty file, loads an index file, and raises the tool limit on request, keeping the loaded catalog', async () => {
    const page = await open();
    await decision(page);
    const status = await page.textContent('#catalog-status');
    const url = page.url();
    // café with é as the Latin-1 byte 0xE9: refused as <loadout-search> refuses it, not loaded as "caf\uFFFD".
    await dropFile(page, 'latin1.json', [...Buffer.from('[{"name":"caf'), 0xe9, ...Buffer.from('","description":"a cafe tool"}]')]);
    await page.waitForSelector('#file-error:not([hidden])');
    expect(await page.textContent('#file-error .error-code')).toBe('file-not-text');
    expect(await page.textContent('#file-error .error-message')).toBe('latin1.json is not a UTF-8 text file: it is not valid UTF-8 (Latin-1 or another legacy encoding?); save it as UTF-8');
    expect(await page.textContent('#catalog-status')).toBe(status);

    for (const text of ['', '  \n ', '[]']) {
      await page.fill('#catalog-paste', text);
      await page.click('#load-pasted');
      await page.waitForSelector('#paste-error:not([hidden])');
      expect(await page.textContent('#paste-error .error-code'), JSON.stringify(text)).toBe('catalog-empty');
      expect(await page.textContent('#paste-error .error-message')).toBe('pasted catalog holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)');
      await page.evaluate(() => document.querySelector('#paste-error')!.setAttribute('hidden', ''));
    }
    // The engine refuses them (the page has no check of its own): an empty file too, named.
    await dropFile(page, 'empty.json', ' \n');
    await page.waitForFunction(() => document.querySelector('#file-error .error-code')?.textContent === 'catalog-empty');
    expect(await page.textContent('#file-error .error-message')).toBe('empty.json holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)');
    await page.waitForTimeout(200);
    expect(await page.textContent('#catalog-status')).toBe(status);
    expect(page.url()).toBe(url);
    expect(await search(page, demoQueries[0]!.query)).toBe(demoQueries[0]!.expected);

    // An index file loadout index wrote loads the catalog it holds, and the page says what it was.
    const index = await buildPrebuiltIndex(demoCatalogInput);
    await dropFile(page, 'tools.index', [...index.bytes]);
    await page.waitForFunction(() => document.querySelector('#catalog-status')?.textContent?.endsWith('· tools.index'));
    expect(await page.textContent('#catalog-note')).toBe('tools.index is an index file (what loadout index writes), not a catalog: loaded the catalog it holds, with its BM25F index.');
    expect(await search(page, demoQueries[7]!.query)).toBe(demoQueries[7]!.expected);

    // Over the limit: the message says where to raise it; raised, the same file loads.
    const large = JSON.stringify(Array.from({ length: 10_001 }, (_, at) => ({ name: `tool_${at}`, description: `does thing ${at}` })));
    await dropFile(page, 'big.json', large);
    await page.waitForSelector('#file-error:not([hidden])');
    expect(await page.textContent('#file-error .error-code')).toBe('catalog-too-large');
    expect(await page.textContent('#file-error .error-message')).toMatch(/more than the limit of 10000; raise the tool limit under the drop zone to load it \(up to 1,000,000\)$/);
    await page.fill('#max-tools', '20000');
    await dropFile(page, 'big.json', large);
    await page.waitForFunction(() => document.querySelector('#catalog-status')?.textContent?.startsWith('10,001 tools'), null, { timeout: 30_000 });
    expect(await page.isHidden('#file-error')).toBe(true);
    await page.close();
  }, 60_000);

  it('names what a shared link held that the page did not use, and why', async () => {
    const page = await open(`?catalog=nope&ranker=bogus&q=send&mod=garbage`);
    await page.waitForFunction(() => document.querySelectorAll('#link-notice li').length === 3);
    expect(await page.locator('#link-notice li').allTextContents()).toEqual([
      'catalog=nope: not a catalog choice (demo, large, pasted, file).',
      'mod=garbage: not a rule (defer or pin:server:tool glob).',
      'ranker=bogus: no such ranker.',
    ]);
    expect(await page.isVisible('#link-notice')).toBe(true);
    await page.close();

    const unavailable = await open(`?ranker=transformers&q=send`);
    await unavailable.waitForSelector('#link-notice li');
    expect(await unavailable.textContent('#link-notice li')).toMatch(/^ranker=transformers: unavailable here: no model files: .*config\.json answered HTTP 404\.$/);
    await unavailable.close();

    // A shared paste that holds no tools is named too, and the demo catalog loads in its place.
    const empty = await open(`?catalog=pasted&paste=${encodeURIComponent('[]')}&q=send`);
    await empty.waitForSelector('#link-notice li');
    expect(await empty.textContent('#link-notice li')).toBe('paste=[]: pasted catalog holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot) [catalog-empty].');
    await empty.waitForFunction(() => document.querySelector('#catalog-status')?.textContent?.endsWith('· demo catalog'));
    await empty.close();

    const clean = await open(`?q=send`);
    await clean.waitForSelector('#results li.hit');
    expect(await clean.isHidden('#link-notice')).toBe(true);
    await clean.close();
  }, 30_000);

  for (const viewport of VIEWPORTS) {
    it(`keeps long names, servers and descriptions inside a ${viewport.width} px screen`, async () => {
      const device = await deviceFor(viewport);
      try {
        const page = await open('?q=send%20message', device);
        const description = 'send message '.repeat(20_000);
        const catalog = [
          { name: 'huge', server: 'x'.repeat(300), description },
          { name: 'n'.repeat(60), server: 'y'.repeat(120), description: `send message to ${'z'.repeat(500)}` },
          { name: 'n'.repeat(300), description: 'send message' },
        ];
        await page.fill('#catalog-paste', JSON.stringify(catalog));
        await page.click('#load-pasted');
        await page.waitForFunction(() => document.querySelector('#catalog-status')?.textContent?.startsWith('2 tools'));
        await page.waitForSelector('#results li.hit[data-tool$="__huge"]');
        // The plan warns about the skipped 300-character name, in the decision panel.
        await page.waitForSelector('#decision-warnings li');
        await page.click('#catalog-issues summary');
        for (const summary of await page.locator('#results li.hit summary').all()) await summary.click();
        const huge = page.locator('#results li.hit[data-tool$="__huge"]');
        // The description shows its first 400 characters, as <loadout-search> does, and a button for the rest.
        const shown = await huge.locator('.hit-description').evaluate((element) => {
          const copy = element.cloneNode(true) as HTMLElement;
          copy.querySelector('button')?.remove();
          return copy.textContent!.trim();
        });
        expect(shown.length).toBeGreaterThan(300);
        expect(shown.length).toBeLessThanOrEqual(400);
        expect((await huge.boundingBox())!.height).toBeLessThan(1_500);
        const measured = await page.evaluate(readOverflow);
        expect(measured.over).toEqual([]);
        expect(measured.scrollWidth).toBe(measured.clientWidth);
        expect(await page.getAttribute('#results li.hit .badge.server', 'title')).toBe('x'.repeat(300));
        await page.screenshot({ path: `${screenshots}playground-${viewport.name}-long-names.png` });

        await huge.getByRole('button', { name: 'Show all 260,000 characters' }).click();
        expect(await huge.locator('.hit-description').textContent()).toBe(description);
        const expanded = await page.evaluate(readOverflow);
        expect(expanded.over).toEqual([]);
        expect(expanded.scrollWidth).toBe(expanded.clientWidth);
        await page.close();
      } finally {
        await device.close();
      }
    }, 45_000);
  }

  it('shares the state through the URL and restores it on load', async () => {
    const page = await open();
    await decision(page);
    await page.selectOption('#ranker', 'hybrid');
    await page.fill('#query', demoQueries[16]!.query);
    await page.selectOption('#env-mode', 'false');
    await page.fill('#model', 'claude-opus-4-5');
    await page.selectOption('#provider', 'bedrock');
    await page.click('#add-rule');
    await page.fill('[aria-label="Rule 1 server"]', 'slack');
    await page.fill('[aria-label="Rule 1 tool glob"]', 'send_*');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('mod') === 'pin:slack:send_*');
    const shared = page.url();
    const params = new URLSearchParams(new URL(shared).search);
    expect(Object.fromEntries(params)).toMatchObject({ ranker: 'hybrid', q: demoQueries[16]!.query, env: 'false', model: 'claude-opus-4-5', provider: 'bedrock' });
    await page.close();

    const restored = await open(new URL(shared).search);
    expect(await restored.inputValue('#query')).toBe(demoQueries[16]!.query);
    expect(await restored.inputValue('#ranker')).toBe('hybrid');
    expect(await restored.inputValue('#env-mode')).toBe('false');
    expect(await restored.inputValue('#model')).toBe('claude-opus-4-5');
    expect(await restored.inputValue('#provider')).toBe('bedrock');
    expect(await restored.inputValue('[aria-label="Rule 1 server"]')).toBe('slack');
    expect(await restored.inputValue('[aria-label="Rule 1 action"]')).toBe('pin');
    await waitForReason(restored, 'env-false');
    await restored.waitForFunction(() => document.querySelector('#search-status')?.textContent?.includes(' · hybrid · '));
    expect(await restored.locator('#results li.hit').first().getAttribute('data-tool')).toBe(demoQueries[16]!.expected);
    await restored.close();
  }, 30_000);

  it('restores the BM25F index from IndexedDB after a reload', async () => {
    const page = await open(`?q=${encodeURIComponent(demoQueries[3]!.query)}`);
    await page.waitForSelector('#results li.hit');
    let status = '';
    // The index is written just after it is built; reload until the write has landed.
    for (let attempt = 0; attempt < 5 && !status.includes('restored'); attempt++) {
      await page.waitForTimeout(300);
      await page.reload();
      await page.waitForSelector('#results li.hit');
      status = (await page.textContent('#search-status')) ?? '';
    }
    expect(status).toContain('index restored from IndexedDB');
    expect(await page.locator('#results li.hit').first().getAttribute('data-tool')).toBe(demoQueries[3]!.expected);
    await page.close();
  }, 30_000);

  it('lists a ranker whose files are missing as unavailable, with the one-line reason, instead of failing on use', async () => {
    const page = await open(`?q=${encodeURIComponent('send an email')}&ranker=transformers`);
    const option = page.locator('#ranker option[value=transformers]');
    await option.waitFor({ state: 'attached' });
    // The option is listed before the check of its files ends (a loaded machine took longer than one look).
    await page.waitForFunction(() => document.querySelector<HTMLOptionElement>('#ranker option[value=transformers]')?.disabled === true, undefined, { timeout: 10_000 });
    expect(await option.isDisabled()).toBe(true);
    expect(await option.textContent()).toBe('transformers (unavailable)');
    // A shared link naming it falls back to the default ranker.
    await page.waitForFunction(() => new URLSearchParams(location.search).get('ranker') === null || new URLSearchParams(location.search).get('ranker') === 'bm25f');
    expect(await page.inputValue('#ranker')).toBe('bm25f');
    await page.selectOption('#ranker', 'bm25f');
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('#ranker')!;
      select.value = 'transformers';
      select.dispatchEvent(new Event('change'));
    });
    expect(await page.textContent('#ranker-help')).toBe(`Unavailable: no model files: ${server.url}models/Xenova/all-MiniLM-L6-v2/config.json answered HTTP 404.`);
    expect(await page.locator('#search-error:not([hidden])').count()).toBe(0);
    await page.close();
  }, 30_000);

  it('holds one copy of each file in dist/', () => {
    expect(findDuplicateFiles(`${appRoot}dist`)).toEqual([]);
  });

  it('stays fast at 10,000 tools', async () => {
    const page = await open(`?q=${encodeURIComponent('send a message to the channel')}`);
    await decision(page);
    await page.click('#load-large');
    await page.waitForFunction(() => window.__loadoutTimings?.catalogs[1]?.firstResultMs != null, null, { timeout: 40_000 });
    await page.waitForFunction(() => /9,\d{3} deferred/.test(document.querySelector('#decision')?.textContent ?? ''), null, { timeout: 40_000 });
    expect(await page.textContent('#catalog-status')).toMatch(/^10,000 tools/);
    expect(await page.getAttribute('#load-large', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('#load-demo', 'aria-pressed')).toBe('false');
    // Ranking at scale: the answers come from ten different services, not ten copies of one tool.
    expect(await search(page, 'send an email to my boss')).toBe('mcp__gmail__send_email');
    const servers = await page.locator('#results li.hit .badge.server').allTextContents();
    expect(new Set(servers).size).toBe(10);
    expect((await page.locator('#results li.hit .tool-name').allTextContents()).filter((name) => name === 'send_email')).toHaveLength(1);
    // The token chart stays readable: at most twelve rows, the rest folded into one "N more servers" row.
    expect(await page.locator('#token-chart g.row').count()).toBeLessThanOrEqual(12);
    expect(await page.textContent('#token-chart g.row.folded')).toMatch(/^\d+ more servers/);

    await page.fill('#query', '');
    const typed = 'open a pull request from my feature branch';
    await page.locator('#query').pressSequentially(typed, { delay: 60 });
    // The page answers the latest keystroke only (a slower search is superseded), so a loaded machine records fewer keystrokes: wait for the last one.
    await page.waitForFunction((query) => window.__loadoutTimings?.keystrokes.some((entry) => entry.query === query) === true, typed, { timeout: 30_000 });
    await page.waitForTimeout(200);
    const timings = await timingsOf(page);
    const large = timings.catalogs[1]!;
    const keystrokes = timings.keystrokes.filter((entry) => entry.query.startsWith('open'));
    const figures = {
      tools: large.tools,
      catalogLoadMs: Math.round(large.loadMs),
      firstResultMs: Math.round(large.firstResultMs ?? Number.NaN),
      keystrokes: keystrokes.length,
      keystrokeMedianMs: Number(median(keystrokes.map((entry) => entry.ms)).toFixed(1)),
      keystrokeMaxMs: Number(Math.max(...keystrokes.map((entry) => entry.ms)).toFixed(1)),
      engineMedianMs: Number(median(keystrokes.map((entry) => entry.engineMs)).toFixed(2)),
    };
    console.log(`playground timings at 10,000 tools: ${JSON.stringify(figures)}`);
    await writeFile(`${screenshots}timings.json`, `${JSON.stringify(figures, null, 2)}\n`);
    await page.screenshot({ path: `${screenshots}playground-10k.png` });

    expect(large.tools).toBe(10_000);
    expect(await page.locator('#results li.hit').count()).toBe(10);
    // Generous bounds: the targets are 1.5 s and 50 ms; a loaded CI machine (a full suite on 2 shared cores took 11.9 s) must not turn them into flakes.
    expect(figures.firstResultMs).toBeLessThan(30_000);
    expect(figures.keystrokeMedianMs).toBeLessThan(500);
    await page.close();
  }, 90_000);

  for (const viewport of VIEWPORTS) {
    it(`fits a ${viewport.name} screen (${viewport.width} × ${viewport.height}): wide query box, no sideways scroll, results after typing`, async () => {
      const device = await deviceFor(viewport);
      try {
        const page = await open('', device);
        await decision(page);
        const layout = await page.evaluate(readLayout);
        expect(layout.viewportWidth).toBe(viewport.width);
        expect(layout.scrollWidth).toBe(viewport.width);
        expect(layout.queryWidth).toBeGreaterThanOrEqual(viewport.name === 'phone' ? 250 : 500);
        // The ranker sits below the query, never squeezed beside it.
        expect(layout.rankerTop).toBeGreaterThan(layout.queryBottom);
        // The whole placeholder shows: with its example on the desktop, the short question on the phone.
        expect(layout.placeholder).toBe(viewport.name === 'desktop' ? 'What should the agent do? e.g. refund a duplicate charge' : 'What should the agent do?');
        expect(layout.placeholderWidth).toBeGreaterThan(100);
        expect(layout.placeholderWidth).toBeLessThanOrEqual(layout.queryTextWidth);
        if (viewport.name === 'desktop') {
          expect(layout.panelTops.search).toBeLessThan(viewport.height / 4);
        } else {
          // Query and results first, then the decision and tokens, then the controls.
          expect(layout.panelTops.search).toBeLessThan(layout.panelTops.decision);
          expect(layout.panelTops.decision).toBeLessThan(layout.panelTops.catalog);
          expect(layout.smallTargets).toEqual([]);
        }
        await page.screenshot({ path: `${screenshots}playground-${viewport.name}-start.png` });

        expect(await search(page, 'create a github issue')).toBe('mcp__github__create_issue');
        const hit = page.locator('#results li.hit').first();
        expect(await hit.isVisible()).toBe(true);
        const box = await hit.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        // The phone's picture shows the result list as it first appears (docs/playground-phone.png is a copy).
        if (viewport.name === 'phone') {
          await page.waitForFunction(() => window.__loadoutTimings?.catalogs[0]?.exactPlanMs != null);
          await page.screenshot({ path: `${screenshots}playground-phone.png` });
        }
        await hit.locator('summary').click();
        const after = await page.evaluate(readLayout);
        expect(after.scrollWidth).toBe(viewport.width);
        if (viewport.name === 'phone') expect(after.smallTargets).toEqual([]);
        await page.waitForFunction(() => window.__loadoutTimings?.catalogs[0]?.exactPlanMs != null);
        if (viewport.name === 'desktop') await page.screenshot({ path: `${screenshots}playground-desktop.png` });
        await page.close();
      } finally {
        await device.close();
      }
    }, 30_000);
  }

  for (const viewport of VIEWPORTS) {
    it(`reads well at ${viewport.width} px: chart text at least 12 px, nothing past its panel, one result layout`, async () => {
      const device = await deviceFor(viewport);
      try {
        const page = await open(`?q=${encodeURIComponent('create a github issue')}`, device);
        await page.waitForSelector('#results li.hit');
        await decision(page);
        await page.waitForSelector('#token-chart g.row');
        const measured = await page.evaluate(() => {
          const chart = document.querySelector<SVGSVGElement>('#token-chart')!;
          const chartBox = chart.getBoundingClientRect();
          // The size a text is drawn at: its font size times the chart's scale (1 when drawn at its box's width).
          const scale = chartBox.width / chart.viewBox.baseVal.width;
          const texts = [...chart.querySelectorAll('text')].map((text) => {
            const box = text.getBoundingClientRect();
            return { text: text.textContent ?? '', px: parseFloat(getComputedStyle(text).fontSize) * scale, inside: box.left >= chartBox.left - 0.5 && box.right <= chartBox.right + 0.5 };
          });
          // Every visible element stays inside its panel's content box (padding excluded), unless a scrolling box holds it.
          const overflowing: string[] = [];
          for (const panel of document.querySelectorAll<HTMLElement>('.panel')) {
            const box = panel.getBoundingClientRect();
            const style = getComputedStyle(panel);
            const left = box.left + parseFloat(style.paddingLeft) - 0.5;
            const right = box.right - parseFloat(style.paddingRight) + 0.5;
            for (const element of panel.querySelectorAll<HTMLElement>('*')) {
              const own = element.getBoundingClientRect();
              if (own.width === 0 || own.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
              let scrolled = false;
              for (let parent = element.parentElement; parent !== null && parent !== panel; parent = parent.parentElement) {
                if (getComputedStyle(parent).overflowX !== 'visible') scrolled = true;
              }
              if (!scrolled && (own.left < left || own.right > right)) overflowing.push(`${panel.id} ${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`);
            }
          }
          const rows = [...document.querySelectorAll<HTMLElement>('#results li.hit')].map((hit) => {
            const top = hit.getBoundingClientRect().top;
            const at = (selector: string): number => Math.round(hit.querySelector(selector)!.getBoundingClientRect().top - top);
            return { rank: at('.rank'), name: at('.tool-name'), badge: at('.hit-title .badge'), score: at('.score') };
          });
          return { texts, overflowing, rows, hint: document.querySelector('#token-chart-hint')?.textContent ?? '', legend: [...chart.querySelectorAll('.legend-row text')].map((text) => text.textContent) };
        });
        expect(measured.texts.length).toBeGreaterThan(10);
        expect(measured.texts.filter((text) => text.px < 12)).toEqual([]);
        expect(measured.texts.filter((text) => !text.inside)).toEqual([]);
        expect(measured.overflowing).toEqual([]);
        // The band is explained by its legend, and the wording says the rows share one scale.
        expect(measured.legend).toEqual(['the servers below, in order', '4 more servers']);
        expect(measured.hint).toContain('share one scale');
        expect(measured.hint).not.toContain('own scale');
        expect(measured.rows).toHaveLength(10);
        for (const row of measured.rows) {
          // The score is on the name's line in every result.
          expect(Math.abs(row.score - row.name)).toBeLessThanOrEqual(4);
          if (viewport.name === 'phone') expect(row).toEqual(measured.rows[0]);
        }
        await page.locator('#tokens-panel').screenshot({ path: `${screenshots}playground-${viewport.name}-tokens.png` });
        await page.close();
      } finally {
        await device.close();
      }
    }, 30_000);
  }

  it('stays readable in dark mode', async () => {
    for (const viewport of VIEWPORTS) {
      const dark = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: 'dark' });
      try {
        const page = await open(`?q=${encodeURIComponent(demoQueries[21]!.query)}`, dark);
        await page.waitForSelector('#results li.hit');
        await decision(page);
        const colors = await page.evaluate(() => {
          const luminance = (color: string): number => {
            const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => {
              const channel = value / 255;
              return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const contrast = (foreground: Element, background: Element): number => {
            const a = luminance(getComputedStyle(foreground).color);
            const b = luminance(getComputedStyle(background).backgroundColor);
            return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          };
          const panel = document.querySelector('#search-panel')!;
          return {
            page: luminance(getComputedStyle(document.documentElement).backgroundColor),
            text: contrast(document.querySelector('.hit-description')!, panel),
            muted: contrast(document.querySelector('#search-status')!, panel),
            query: contrast(document.querySelector('#query')!, document.querySelector('#query')!),
          };
        });
        expect(colors.page).toBeLessThan(0.05);
        expect(colors.text).toBeGreaterThan(7);
        expect(colors.muted).toBeGreaterThan(4.5);
        expect(colors.query).toBeGreaterThan(7);
        await page.screenshot({ path: `${screenshots}playground-${viewport.name}-dark.png` });
        await page.close();
      } finally {
        await dark.close();
      }
    }
  }, 45_000);

  it('draws explain bars in proportion to their values, with the value beside each', async () => {
    const page = await open(`?q=${encodeURIComponent('send an email to the client with the signed contract')}`);
    await page.waitForSelector('#results li.hit');
    await page.locator('#results li.hit').first().locator('summary').click();
    const bars = await page.locator('#results li.hit').first().locator('.contributions dd').evaluateAll((rows) =>
      rows.map((row) => ({
        value: Number(row.querySelector('.meter-fill')!.getAttribute('data-value')),
        shown: row.querySelector('.value')!.textContent,
        width: row.querySelector('.meter-fill')!.getBoundingClientRect().width,
        track: row.querySelector('.meter')!.getBoundingClientRect().width,
      })),
    );
    const fields = bars.slice(0, -1);
    expect(fields.length).toBeGreaterThanOrEqual(2);
    const largest = Math.max(...fields.map((bar) => Math.abs(bar.value)));
    for (const bar of fields) {
      expect(bar.shown).toBe(Math.abs(bar.value) >= 100 ? bar.value.toFixed(1) : bar.value.toFixed(3));
      expect(bar.width).toBeCloseTo((Math.abs(bar.value) / largest) * bar.track, 0);
    }
    expect(new Set(fields.map((bar) => Math.round(bar.width))).size).toBeGreaterThan(1);
    await page.close();
  }, 30_000);

  it('marks the chosen catalog and draws the threshold only where auto decides', async () => {
    const page = await open();
    await decision(page);
    expect(await page.getAttribute('#load-demo', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('#load-large', 'aria-pressed')).toBe('false');
    expect(await page.locator('#token-chart .threshold').count()).toBe(0);
    expect(await page.textContent('#token-threshold')).toContain('No threshold applies');
    expect(await page.textContent('#catalog-status')).not.toMatch(/v1-[0-9a-f]{8}/);
    const labels = await page.locator('#token-chart .value').allTextContents();
    expect(labels.every((label) => /^\d+\.\dk$/.test(label))).toBe(true);
    await page.selectOption('#env-mode', 'auto');
    await waitForReason(page, 'auto-threshold-reached');
    expect(await page.locator('#token-chart .threshold').count()).toBe(1);
    expect(await page.textContent('#token-chart .threshold-label')).toMatch(/^auto 10% = 20\.0k \(reached\)$/);
    expect(await page.textContent('#token-threshold')).toContain('tool search turns on when the deferrable total reaches it');
    await page.close();
  }, 30_000);

  it('shows a first plan as soon as the first results', async () => {
    const page = await open(`?q=${encodeURIComponent('send an email')}`);
    await page.waitForFunction(() => window.__loadoutTimings?.catalogs[0]?.exactPlanMs != null);
    const [timing] = (await timingsOf(page)).catalogs;
    console.log(`playground plan timings: ${JSON.stringify(timing)}`);
    // The first plan runs on estimated counts right after the first search; the exact one follows.
    expect(timing!.planMs! - timing!.firstResultMs!).toBeLessThan(1000);
    expect(timing!.exactPlanMs!).toBeGreaterThanOrEqual(timing!.planMs!);
    expect(await page.locator('#plan-estimated').count()).toBe(0);
    await page.close();
  }, 30_000);

  it('raised no uncaught page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
