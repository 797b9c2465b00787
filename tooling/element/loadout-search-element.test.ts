import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrebuiltIndex } from '@loadout/browser/prebuilt-index';
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../chromium-launch.js';
import { startStaticServer } from '../static-server.js';
import type { StaticServer } from '../static-server.js';

const browserPackage = fileURLToPath(new URL('../../packages/browser/', import.meta.url));
const dist = `${browserPackage}dist/`;
const axeScript = createRequire(`${browserPackage}package.json`).resolve('axe-core/axe.min.js');
const staticTable = fileURLToPath(new URL('../../packages/embeddings/dist/glove-sg-100d-50k.ldwv', import.meta.url));

/** Twelve tools on six servers. */
const TOOLS = [
  { name: 'read_file', server: 'files', description: 'Read a file from a path' },
  { name: 'write_file', server: 'files', description: 'Write a document to a file path' },
  { name: 'list_directory', server: 'files', description: 'List the files in a folder directory' },
  { name: 'send_email', server: 'mail', description: 'Send an email message to an inbox' },
  { name: 'reply_message', server: 'mail', description: 'Reply to a mail message' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
  { name: 'current_temperature', server: 'weather', description: 'Current temperature, rain and wind in a city' },
  { name: 'create_commit', server: 'git', description: 'Create a commit in a code repository' },
  { name: 'merge_pull_request', server: 'git', description: 'Merge a pull request into a branch' },
  { name: 'refund_payment', server: 'pay', description: 'Refund a payment for an invoice' },
  { name: 'charge_customer', server: 'pay', description: 'Charge a customer money' },
  { name: 'schedule_meeting', server: 'calendar', description: 'Schedule a calendar meeting event and invite people' },
];

/** 10,001 tools: one over the element's default limit. */
const MANY_TOOLS = Array.from({ length: 10_001 }, (_, index) => ({ name: `tool_${index}`, server: `server_${index % 50}`, description: `Tool number ${index}` }));

/** A page of a static site: the element from one module script, no bundler, no import map; `head` adds to its head (a meta CSP). */
function page(attributes: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8">${head}<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tool search</title>
<script type="module" src="./loadout/element.js"></script></head>
<body><main><h1>Find a tool</h1>
<loadout-search ${attributes} placeholder="What should the agent do?" limit="4"></loadout-search>
<p id="picked">none</p></main>
<script>
document.addEventListener('loadout-select', (event) => { document.getElementById('picked').textContent = event.detail.tool.name; });
document.addEventListener('loadout-results', (event) => { window.lastResults = event.detail; });
</script>
</body></html>`;
}

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * `<loadout-search>` as a site without a bundler uses it: the ES module build
 * (`dist/element.js`, `pnpm build` makes it) copied beside a page that also
 * serves the catalog and a prebuilt index, in Debian's Chromium.
 */
describe('<loadout-search> in Chromium', () => {
  let folder = '';
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: run bash tooling/ensure-chromium.sh (pnpm test does)`);
    if (!existsSync(`${dist}element.js`)) throw new Error('packages/browser/dist/element.js is missing: run pnpm build');
    folder = mkdtempSync(join(tmpdir(), 'loadout-element-'));
    for (const file of ['element.js', 'loadout-search-worker.js', 'element-chunks']) cpSync(`${dist}${file}`, join(folder, 'loadout', file), { recursive: true });
    writeFileSync(join(folder, 'tools.json'), JSON.stringify(TOOLS));
    writeFileSync(join(folder, 'tools.index'), (await buildPrebuiltIndex(TOOLS)).bytes);
    writeFileSync(join(folder, 'catalog.html'), page('catalog="tools.json"'));
    writeFileSync(join(folder, 'index.html'), page('index="tools.index"'));
    writeFileSync(join(folder, 'broken.json'), `${JSON.stringify(TOOLS).slice(0, -1)},{"name":`);
    writeFileSync(join(folder, 'broken.html'), page('catalog="broken.json"'));
    writeFileSync(join(folder, 'many.index'), (await buildPrebuiltIndex(MANY_TOOLS, { maxTools: 20_000 })).bytes);
    writeFileSync(join(folder, 'many.html'), page('index="many.index"'));
    writeFileSync(join(folder, 'many-allowed.html'), page('index="many.index" max-tools="20000"'));
    cpSync(staticTable, join(folder, 'static', 'glove-sg-100d-50k.ldwv'));
    writeFileSync(join(folder, 'hybrid.html'), page('catalog="tools.json" ranker="hybrid" static-table="static/glove-sg-100d-50k.ldwv"'));
    writeFileSync(join(folder, 'transformers.html'), page('catalog="tools.json" ranker="transformers"'));
    const trustedTypes = (policy: string): string => `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
    writeFileSync(join(folder, 'trusted-types.html'), page('catalog="tools.json"', trustedTypes("require-trusted-types-for 'script'")));
    writeFileSync(join(folder, 'trusted-types-none.html'), page('catalog="tools.json"', trustedTypes("require-trusted-types-for 'script'; trusted-types 'none'")));
    // The worker not copied beside element.js; then copied, but a chunk it imports missing (element.js keeps its own).
    cpSync(`${dist}element.js`, join(folder, 'no-worker', 'loadout', 'element.js'));
    cpSync(`${dist}element-chunks`, join(folder, 'no-worker', 'loadout', 'element-chunks'), { recursive: true });
    writeFileSync(join(folder, 'no-worker', 'catalog.html'), page('catalog="../tools.json"'));
    cpSync(join(folder, 'no-worker'), join(folder, 'no-chunk'), { recursive: true });
    const worker = readFileSync(`${dist}loadout-search-worker.js`, 'utf8');
    writeFileSync(join(folder, 'no-chunk', 'loadout', 'loadout-search-worker.js'), worker.replace(/\.\/element-chunks\/[\w.-]+\.js/, './element-chunks/missing.js'));
    server = await startStaticServer(folder);
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder !== '') rmSync(folder, { recursive: true, force: true });
  });

  async function open(path: string, viewport: { width: number; height: number }): Promise<{ page: Page; requests: string[] }> {
    const context = await browser!.newContext({ viewport });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server!.url}${path}`);
    await page.waitForFunction(() => /tools\. Type to search\./.test(document.querySelector('loadout-search')?.shadowRoot?.querySelector('.status')?.textContent ?? ''));
    return { page, requests };
  }

  async function statusMatching(page: Page, pattern: RegExp): Promise<string> {
    await page.waitForFunction(
      ([source, flags]) => new RegExp(source!, flags).test(document.querySelector('loadout-search')?.shadowRoot?.querySelector('.status')?.textContent ?? ''),
      [pattern.source, pattern.flags],
    );
    return page.evaluate(() => document.querySelector('loadout-search')?.shadowRoot?.querySelector('.status')?.textContent ?? '');
  }

  /** Types `query` into the box and waits until its results are shown. */
  async function typeQuery(page: Page, query: string): Promise<void> {
    await page.locator('loadout-search input').fill(query);
    await page.waitForFunction((text) => (window as { lastResults?: { query: string } }).lastResults?.query === text, query);
  }

  it('shows a load error that arrives after the user typed, and on later searches', async () => {
    const context = await browser!.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/broken.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server!.url}broken.html`);
    await statusMatching(page, /^Loading tools…$/);
    const input = page.locator('loadout-search input');
    await input.pressSequentially('send');
    release();
    expect(await statusMatching(page, /^Could not/)).toMatch(/^Could not load the tools: <loadout-search>: http:\/\/[^ ]+\/broken\.json: invalid JSON at line 1, column \d+ .*\[catalog-invalid-json\]$/);
    await input.pressSequentially(' an email');
    await statusMatching(page, /^Could not/);
    await context.close();
  }, 60_000);

  it('loads an index of more than 10,000 tools only with max-tools', async () => {
    const context = await browser!.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    await page.goto(`${server!.url}many.html`);
    expect(await statusMatching(page, /^Could not|Type to search/)).toMatch(/catalog has 10001 tools, more than the limit of 10000; set the max-tools attribute to allow more \(up to 1,000,000\) \[catalog-too-large\]$/);
    await page.goto(`${server!.url}many-allowed.html`);
    expect(await statusMatching(page, /^Could not|Type to search/)).toBe('10,001 tools. Type to search.');
    await typeQuery(page, 'tool number 7');
    await context.close();
  }, 60_000);

  it('searches with hybrid given static-table, and refuses transformers at once, listing the rankers it can run', async () => {
    const context = await browser!.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    await page.goto(`${server!.url}hybrid.html`);
    expect(await statusMatching(page, /^Could not|^Cannot|Type to search/)).toBe('12 tools. Type to search.');
    await typeQuery(page, 'send an email message');
    expect(await page.locator('loadout-search [role=option]').first().getAttribute('data-tool')).toBe('mcp__mail__send_email');
    await page.goto(`${server!.url}transformers.html`);
    expect(await statusMatching(page, /^Could not|^Cannot|Type to search/)).toBe(
      'Cannot search: <loadout-search>: ranker "transformers" cannot run here (the element\'s worker does not include transformers.js); this element can run bm25f, wink-bm25, regex, rerank, and static-embedding, hybrid with the static-table attribute [unsupported-environment]',
    );
    await context.close();
  }, 60_000);

  it('names the worker URL, not the catalog, when the worker or a chunk of it is not served', async () => {
    const context = await browser!.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    await page.goto(`${server!.url}no-worker/catalog.html`);
    const missing = await statusMatching(page, /^Could not|Type to search/);
    expect(missing).toBe(
      `Could not load the tools: <loadout-search>: the engine worker ${server!.url}no-worker/loadout/loadout-search-worker.js did not start: it answered HTTP 404: copy loadout-search-worker.js and element-chunks/ from @loadout/browser/dist beside element.js (or your bundle) [unsupported-environment]`,
    );
    await page.goto(`${server!.url}no-chunk/catalog.html`);
    const chunk = await statusMatching(page, /^Could not|Type to search/);
    expect(chunk).toMatch(/^Could not load the tools: <loadout-search>: the engine worker \S+\/no-chunk\/loadout\/loadout-search-worker\.js did not start.*: the worker script is served, so a chunk of element-chunks\/ it imports failed to load: copy element-chunks\/ .*\[unsupported-environment\]$/);
    expect(chunk).not.toContain('tools.json');
    await context.close();
  }, 60_000);

  it("starts its worker under require-trusted-types-for 'script' through its policy, and says what a CSP refusing it needs", async () => {
    const context = await browser!.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Trusted Type|TrustedScriptURL/.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${server!.url}trusted-types.html`);
    expect(await statusMatching(page, /^Could not|Type to search/)).toBe('12 tools. Type to search.');
    await typeQuery(page, 'forec');
    expect(await page.locator('loadout-search [role=option]').first().getAttribute('data-tool')).toBe('mcp__weather__get_forecast');
    expect(violations).toEqual([]);
    await page.goto(`${server!.url}trusted-types-none.html`);
    expect(await statusMatching(page, /^Could not|Type to search/)).toMatch(
      /^Could not load the tools: <loadout-search>: the engine worker \S+loadout-search-worker\.js could not be created \(.*TrustedScriptURL.*\); under require-trusted-types-for 'script', allow the element's policy: add loadout-search to the trusted-types directive of the Content-Security-Policy \[unsupported-environment\]$/,
    );
    await context.close();
  }, 60_000);

  for (const viewport of VIEWPORTS) {
    it(`searches as the user types, marks matches, explains, and works by keyboard at ${viewport.width} px, with no axe violation`, async () => {
      const { page, requests } = await open('catalog.html', viewport);
      const input = page.locator('loadout-search input');
      expect(await input.getAttribute('role')).toBe('combobox');
      await input.pressSequentially('send an email message');
      await page.waitForFunction(() => (window as { lastResults?: { query: string } }).lastResults?.query === 'send an email message');
      const options = page.locator('loadout-search [role=option]');
      expect(await options.first().getAttribute('data-tool')).toBe('mcp__mail__send_email');
      expect(await options.count()).toBeLessThanOrEqual(4);
      expect(await page.locator('loadout-search [role=listbox]').isVisible()).toBe(true);
      expect(await input.getAttribute('aria-expanded')).toBe('true');
      const marks = await page.locator('loadout-search [role=option]').first().locator('mark').allTextContents();
      expect(marks.map((mark) => mark.toLowerCase())).toEqual(expect.arrayContaining(['send', 'email']));
      expect(marks.map((mark) => mark.toLowerCase())).not.toContain('an');

      await input.press('ArrowDown');
      expect(await input.getAttribute('aria-activedescendant')).toBe('option-1');
      await input.press('ArrowUp');
      expect(await input.getAttribute('aria-activedescendant')).toBe('option-0');
      await page.locator('loadout-search button[part=explain]').click();
      expect(await page.locator('loadout-search [part=explanation]').textContent()).toMatch(/^Why send_email \(server mail\): matched /);
      expect(await page.locator('loadout-search button[part=explain]').getAttribute('aria-expanded')).toBe('true');

      await page.addScriptTag({ path: axeScript });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run(document);
        return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
      });
      expect(violations).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await input.focus();
      await input.press('Enter');
      expect(await page.textContent('#picked')).toBe('send_email');
      expect(await input.getAttribute('aria-expanded')).toBe('false');
      await input.press('Escape');
      expect(await input.inputValue()).toBe('');
      expect(requests.filter((url) => !url.startsWith(server!.url))).toEqual([]);
      await page.context().close();
    }, 60_000);
  }

  it('loads a prebuilt index instead of building, and picks with the mouse', async () => {
    const { page, requests } = await open('index.html', VIEWPORTS[0]);
    await page.locator('loadout-search input').fill('weather forecast');
    await page.waitForFunction(() => (window as { lastResults?: { query: string } }).lastResults?.query === 'weather forecast');
    expect(await page.evaluate(() => (window as { lastResults?: { indexSource: string } }).lastResults?.indexSource)).toBe('restored');
    await page.locator('loadout-search [role=option]').first().click();
    expect(await page.textContent('#picked')).toBe('get_forecast');
    expect(requests.map((url) => new URL(url).pathname).filter((path) => path.endsWith('.json'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});
