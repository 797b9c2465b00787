/**
 * Run after `turbo run build`: checks every browser bundle again (turbo may
 * have replayed a cached build), prints each one's size gzipped at level 9,
 * and fails when a bundle depends on Node, when core's, BM25F's or the
 * tokenizer's uses a global QuickJS lacks or a Unicode property escape, or when a size budget
 * is exceeded.
 * `tsx tooling/browser-bundle/verify-browser-bundles.ts`
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_DIRECTORY, bundleFiles } from './bundle-files.js';
import { checkBrowserBundle } from './check-browser-bundle.js';
import { formatSize, gzipSize } from './gzip-size.js';
import { largestSources } from './largest-sources.js';
import { HOST_NEUTRAL_PACKAGES, checkHostNeutral, escapesAsData } from '../quickjs/check-host-neutral.js';
import { quickJsGlobals } from '../quickjs/quickjs-globals.js';

/** Packages that ship a browser bundle, by directory under `packages/`. */
const BUNDLED_PACKAGES = ['core', 'tokens', 'bm25'] as const;
type BundledPackage = (typeof BUNDLED_PACKAGES)[number];

/** A limit on the gzipped size of some bundles together: what a page loads to use them. */
interface SizeBudget {
  readonly label: string;
  readonly packages: readonly BundledPackage[];
  /** Bytes, gzipped at level 9, bundles summed. */
  readonly maxGzipBytes: number;
}

/**
 * Issue 9: the core plus BM25F and its learning (usage field, and any
 * lexical re-ranker) under 45 kB gzipped (issue 5's budget for core +
 * BM25F alone was 30 kB). `@loadout/bm25`'s main entry is BM25F, its
 * analyzer and the usage field; the wink and regex rankers (and re2js)
 * live behind the `/wink` and `/regex` subpaths, outside this budget.
 * Issue 31 added 3.7 kB for host neutrality: the Unicode category table
 * that replaces `\p{…}` escapes and a UTF-8 codec that replaces
 * TextEncoder/TextDecoder (docs/decisions/3101-host-neutral-core.md).
 */
const BUDGETS: readonly SizeBudget[] = [{ label: 'core + BM25F + learning', packages: ['core', 'bm25'], maxGzipBytes: 49_000 }];

const isHostNeutral = (name: BundledPackage): name is (typeof HOST_NEUTRAL_PACKAGES)[number] => (HOST_NEUTRAL_PACKAGES as readonly string[]).includes(name);

const root = fileURLToPath(new URL('../..', import.meta.url));
let failed = false;
const gzipBytes = new Map<BundledPackage, number>();
const lines: string[] = [];
const quickJs = await quickJsGlobals();

for (const name of BUNDLED_PACKAGES) {
  const directory = join(root, 'packages', name);
  const problems = checkBrowserBundle(directory);
  if (problems.length > 0) {
    failed = true;
    lines.push(`  @loadout/${name}: the browser bundle depends on Node or is missing:`, ...problems.map((line) => `    ${line}`));
    continue;
  }
  let raw = 0;
  let gzip = 0;
  const hostProblems: string[] = [];
  for (const file of bundleFiles(directory)) {
    const content = readFileSync(join(directory, file));
    if (isHostNeutral(name)) hostProblems.push(...checkHostNeutral(file, content.toString('utf8'), quickJs, escapesAsData(name)));
    raw += content.byteLength;
    gzip += gzipSize(content);
  }
  if (hostProblems.length > 0) {
    failed = true;
    lines.push(`  @loadout/${name}: the browser bundle would not run in every WebAssembly host's engine:`, ...hostProblems.map((line) => `    ${line}`));
  }
  gzipBytes.set(name, gzip);
  lines.push(`  ${`@loadout/${name}`.padEnd(17)} ${formatSize(raw).padStart(10)} min ${formatSize(gzip).padStart(10)} gzipped`);
}

for (const budget of BUDGETS) {
  const sizes = budget.packages.map((name) => gzipBytes.get(name));
  if (sizes.some((size) => size === undefined)) continue;
  const total = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  const over = total > budget.maxGzipBytes;
  failed ||= over;
  const verdict = over ? `OVER the ${formatSize(budget.maxGzipBytes)} budget by ${formatSize(total - budget.maxGzipBytes)}` : `within the ${formatSize(budget.maxGzipBytes)} budget`;
  lines.push(`  ${budget.label.padEnd(17)} ${''.padStart(14)} ${formatSize(total).padStart(10)} gzipped, ${verdict}`);
  if (over) {
    const largest = largestSources(budget.packages.map((name) => join(root, 'packages', name)), 5);
    lines.push(`    largest sources: ${largest.map(({ source, share }) => `${source} ${Math.round(share * 100)}%`).join(', ')}`);
  }
}

const report = `browser bundles (${BUNDLE_DIRECTORY}/*.js, minified ES modules, gzip level 9):\n${lines.join('\n')}\n`;
(failed ? process.stderr : process.stdout).write(report);
if (failed) process.exit(1);
