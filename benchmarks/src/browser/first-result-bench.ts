import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPrebuiltIndex } from '@loadout/browser/prebuilt-index';
import { createLargeDemoCatalogInput } from '@loadout/demo-catalog';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../tooling/chromium-launch.js';
import { startStaticServer } from '../../../tooling/static-server.js';
import { REPO_ROOT } from '../paths.js';
import { logProgress } from '../progress-log.js';

/** Chrome DevTools' CPU slow-down for the runs: a mid-range phone against this machine. */
export const CPU_THROTTLING_RATE = 4;

/** One way of starting the element: building the index in the page from `tools.json`, or loading `tools.index`. */
export type FirstResultMode = 'built' | 'loaded';

/** Median milliseconds from navigation to the first results shown, per mode, and built ÷ loaded. */
export interface FirstResultFigures {
  readonly tools: number;
  readonly rounds: number;
  readonly cpuThrottlingRate: number;
  readonly builtMs: number;
  readonly loadedMs: number;
  readonly speedup: number;
  readonly catalogBytes: number;
  readonly indexBytes: number;
}

const QUERY = 'send a message to a slack channel';

function page(attribute: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>first result</title>
<script type="module" src="./loadout/element.js"></script></head>
<body><loadout-search ${attribute}></loadout-search>
<script type="module">
await customElements.whenDefined('loadout-search');
await document.querySelector('loadout-search').search(${JSON.stringify(QUERY)});
window.firstResultMs = performance.now();
</script></body></html>`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timeOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
    await tab.goto(url);
    await tab.waitForFunction(() => typeof (window as { firstResultMs?: number }).firstResultMs === 'number', undefined, { timeout: 120_000 });
    return await tab.evaluate(() => (window as unknown as { firstResultMs: number }).firstResultMs);
  } finally {
    await context.close();
  }
}

/**
 * Time to first result of `<loadout-search>` at 10,000 tools in Chromium
 * with 4× CPU throttling: the element's ES module build (`pnpm build`)
 * served from a scratch folder with the large demo catalog as `tools.json`
 * and as a `loadout index` file; each round opens both pages in fresh
 * browser contexts (no IndexedDB copy), interleaved, after one warm-up
 * round; the medians and their ratio are reported.
 */
export async function measureFirstResult(rounds = 5): Promise<FirstResultFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-first-result-'));
  const server = await startStaticServer(folder);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const dist = join(REPO_ROOT, 'packages/browser/dist');
    mkdirSync(join(folder, 'loadout'));
    for (const file of ['element.js', 'loadout-search-worker.js', 'element-chunks']) cpSync(join(dist, file), join(folder, 'loadout', file), { recursive: true });
    const input = createLargeDemoCatalogInput();
    const catalogText = JSON.stringify(input);
    const { bytes, read } = await buildPrebuiltIndex(input);
    writeFileSync(join(folder, 'tools.json'), catalogText);
    writeFileSync(join(folder, 'tools.index'), bytes);
    writeFileSync(join(folder, 'built.html'), page('catalog="tools.json"'));
    writeFileSync(join(folder, 'loaded.html'), page('index="tools.index"'));
    const times: Record<FirstResultMode, number[]> = { built: [], loaded: [] };
    for (let round = -1; round < rounds; round++) {
      for (const mode of ['built', 'loaded'] as const) {
        const ms = await timeOnce(browser, `${server.url}${mode}.html`);
        if (round >= 0) times[mode].push(ms);
      }
      logProgress(`browser: round ${round + 1} of ${rounds} (first round warms up)`);
    }
    const builtMs = median(times.built);
    const loadedMs = median(times.loaded);
    return { tools: read.catalog.tools.length, rounds, cpuThrottlingRate: CPU_THROTTLING_RATE, builtMs, loadedMs, speedup: builtMs / loadedMs, catalogBytes: catalogText.length, indexBytes: bytes.length };
  } finally {
    await browser.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs {@link measureFirstResult}, prints the figures and writes them to `<resultsDir>/browser-first-result.json`. */
export async function runFirstResultBench(resultsDir: string): Promise<FirstResultFigures> {
  const figures = await measureFirstResult();
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'browser-first-result.json'), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(
    `\n<loadout-search> time to first result, ${figures.tools.toLocaleString('en-US')} tools, Chromium, ${figures.cpuThrottlingRate}x CPU throttling (median of ${figures.rounds}):\n` +
      `  built in the page from tools.json (${(figures.catalogBytes / 1e6).toFixed(1)} MB)   ${figures.builtMs.toFixed(0)} ms\n` +
      `  loaded from tools.index (${(figures.indexBytes / 1e6).toFixed(1)} MB)          ${figures.loadedMs.toFixed(0)} ms\n` +
      `  loaded is ${figures.speedup.toFixed(2)}x faster\n`,
  );
  return figures;
}
