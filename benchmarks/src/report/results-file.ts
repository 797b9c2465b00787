import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { againstBefore } from '../learning/before-issue-29.js';
import { formatPoints, markdownTable } from './format.js';

/** `benchmarks/RESULTS.md`: the measured results every `pnpm bench` run rewrites. */
export const RESULTS_FILE = fileURLToPath(new URL('../../RESULTS.md', import.meta.url));

/** One part's section of RESULTS.md: the file its run leaves in `benchmarks/results/` and how to show it. */
interface ResultsSection {
  /** Section key, as in `<!-- results:KEY -->`. */
  readonly key: string;
  readonly title: string;
  /** File name in the results folder. */
  readonly file: string;
  /** Markdown body from the file's text. */
  readonly render: (text: string) => string;
}

type Metrics = Partial<Record<'recall@5' | 'ndcg@5' | 'mrr@10', number>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);
const metrics = (value: unknown): string => {
  const scores: Metrics = isObject(value) ? value : {};
  return (['recall@5', 'ndcg@5', 'mrr@10'] as const).map((key) => (typeof scores[key] === 'number' ? formatPoints(scores[key]) : '–')).join(' / ');
};
const recallOf = (value: unknown): number => (isObject(value) && typeof value['recall@5'] === 'number' ? value['recall@5'] : Number.NaN);
const text = (value: unknown): string => (typeof value === 'number' ? value.toLocaleString('en-US') : typeof value === 'string' ? value : '–');

/** A part's own Markdown, headings moved under the section's and charts (untracked SVGs) left out. */
function embedMarkdown(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !line.startsWith('!['))
    .map((line) => (/^#{1,4} /.test(line) ? `##${line}` : line))
    .join('\n')
    .trim();
}

function renderNamesSet(report: Record<string, unknown>): string {
  const share = (count: unknown): string => (typeof count === 'number' && typeof report.queries === 'number' && report.queries > 0 ? `${((count / report.queries) * 100).toFixed(2)}%` : '–');
  return `Set \`${text(report.set)}\`: ${text(report.queries)} exact-name queries (every tool in each spelling); named tools first ${share(report.passed)} (target 100%), the tool itself at rank 1 ${share(report.rankOne)}.`;
}

/** `exact-names.json`: `{"sets": [...]}`, one sentence per set (or the one set an older run wrote at the top level). */
function renderNames(json: string): string {
  const report: Record<string, unknown> = JSON.parse(json);
  return Array.isArray(report.sets) ? list(report.sets).map(renderNamesSet).join('\n\n') : renderNamesSet(report);
}

function protocolTable(protocol: unknown): string {
  const sets = list(isObject(protocol) ? protocol.sets : undefined);
  const models = Object.keys(isObject(sets[0]?.models) ? sets[0].models : {});
  const model = (set: Record<string, unknown>, name: string): unknown => (isObject(set.models) ? set.models[name] : undefined);
  return markdownTable(
    ['R@5 / NDCG@5 / MRR@10', ...sets.map((set) => text(set.set))],
    [['clause-fused BM25F (first stage)', ...sets.map((set) => metrics(set.baseline))], ...models.map((name) => [name, ...sets.map((set) => metrics(model(set, name)))])],
  );
}

function renderRerank(json: string): string {
  const report: Record<string, unknown> = JSON.parse(json);
  const latency = list(report.latency);
  const parts = [
    `Re-rankers over the first stage's top ${text(report.candidates)}, dev queries. Out of fold (5 fixed folds):`,
    '',
    protocolTable(report.outOfFold),
    '',
    'Leave one set out (trained on the other sets):',
    '',
    protocolTable(report.leaveOneSetOut),
  ];
  if (latency.length > 0) {
    parts.push(
      '',
      'Latency on mix10k, one process, dev queries × 3 interleaved passes:',
      '',
      markdownTable(
        ['ranker', 'build ms', 'p50 ms', 'p95 ms', 'p99 ms', 'p50 ÷ BM25F'],
        latency.map((row) => [
          text(row.ranker),
          ...(['buildMs', 'p50Ms', 'p95Ms', 'p99Ms', 'vsBm25f'] as const).map((key) => (typeof row[key] === 'number' ? row[key].toFixed(key === 'buildMs' ? 0 : key === 'vsBm25f' ? 2 : 3) : '–')),
        ]),
      ),
    );
  }
  return parts.join('\n');
}

function renderLearning(json: string): string {
  const report: Record<string, unknown> = JSON.parse(json);
  const results = list(report.results);
  return [
    `Learning from logs out of fold (5 fixed folds), learner \`${text(report.learner)}\`, R@5 / NDCG@5 / MRR@10:`,
    '',
    markdownTable(
      ['', ...results.map((result) => text(result.set))],
      [
        ['model-free default', ...results.map((result) => metrics(result.baseline))],
        ['learning from the other folds', ...results.map((result) => metrics(result.learned))],
        ['folds where learning switched on', ...results.map((result) => `${text(result.enabledFolds)} / ${text(result.folds)}`)],
        ...list(report.others).map((other) => [`learner \`${text(other.learner)}\``, ...list(other.results).map((result) => metrics(result.learned))]),
        ...[{ learner: report.learner, results: report.results }, ...list(report.others)].map((run) => [
          `before #29, learner \`${text(run.learner)}\`: R@5 / this run minus it (decision 2928)`,
          ...list(run.results).map((result) => againstBefore(text(run.learner), text(result.set), recallOf(result.learned))),
        ]),
        ['test queries leaked into their log', ...results.map((result) => text(result.leakedQueries))],
      ],
    ),
  ].join('\n');
}

function renderFirstResult(json: string): string {
  const figures: Record<string, unknown> = JSON.parse(json);
  const ms = (value: unknown): string => (typeof value === 'number' ? `${Math.round(value).toLocaleString('en-US')} ms` : '–');
  const megabytes = (value: unknown): string => (typeof value === 'number' ? `${(value / 1e6).toFixed(1)} MB` : '–');
  return [
    `\`<loadout-search>\` from a static folder, ${text(figures.tools)} tools, Chromium with ${text(figures.cpuThrottlingRate)}x CPU throttling, time from navigation to the first results (median of ${text(figures.rounds)} interleaved rounds, fresh contexts):`,
    '',
    markdownTable(
      ['start', 'file', 'first result'],
      [
        ['index built in the page', `tools.json, ${megabytes(figures.catalogBytes)}`, ms(figures.builtMs)],
        ['prebuilt index loaded', `tools.index, ${megabytes(figures.indexBytes)}`, ms(figures.loadedMs)],
      ],
    ),
    '',
    `Loaded is ${typeof figures.speedup === 'number' ? figures.speedup.toFixed(2) : '–'}x faster.`,
  ].join('\n');
}

/** The sections the bench writes, in order. A part that writes a results file adds one entry here. */
export const RESULTS_SECTIONS: readonly ResultsSection[] = [
  { key: 'quality', title: 'Retrieval quality (`--only quality`)', file: 'report.md', render: embedMarkdown },
  { key: 'speed', title: 'Speed against peers (`--only speed`)', file: 'speed.md', render: embedMarkdown },
  { key: 'names', title: 'Exact names (`--only names`)', file: 'exact-names.json', render: renderNames },
  { key: 'rerank', title: 'Re-ranking (`--only rerank`)', file: 'rerank.json', render: renderRerank },
  { key: 'learning', title: 'Learning from logs (`--only learning`)', file: 'learning.json', render: renderLearning },
  { key: 'startup', title: 'CLI start-up (`--only startup`)', file: 'startup.md', render: embedMarkdown },
  { key: 'serve-startup', title: 'Gateway start-up (`--only serve-startup`)', file: 'serve-startup.md', render: embedMarkdown },
  { key: 'replicas', title: 'Replicas, protocols and the recorder (`--only replicas`)', file: 'replicas.md', render: embedMarkdown },
  { key: 'wasm', title: 'WebAssembly hosts (`--only wasm`)', file: 'engines.md', render: embedMarkdown },
  { key: 'browser', title: 'First result in the browser (`--only browser`)', file: 'browser-first-result.json', render: renderFirstResult },
];

const MARKER = /^<!-- results:([a-z0-9-]+) -->$/;

/** The sections of an existing RESULTS.md by key, each with its heading and marker. */
export function parseResultsFile(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  let key: string | undefined;
  let lines: string[] = [];
  const close = (): void => {
    if (key !== undefined) sections.set(key, lines.join('\n').trim());
  };
  for (const line of markdown.split('\n')) {
    const match = MARKER.exec(line);
    if (match !== null) {
      close();
      key = match[1];
      lines = [line];
    } else if (key !== undefined) lines.push(line);
  }
  close();
  return sections;
}

function measuredAt(path: string, text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed) && typeof parsed.generatedAt === 'string') return parsed.generatedAt.slice(0, 10);
  } catch {
    // Markdown: the file's time.
  }
  return statSync(path).mtime.toISOString().slice(0, 10);
}

/**
 * RESULTS.md from the results folder: each section whose file the bench left
 * there is rendered with the date it was measured; any other section of the
 * existing text (figures from an earlier run or recorded by hand) is kept as
 * it stands, so running one part rewrites only its own section.
 */
export function renderResultsFile(resultsDir: string, existing: string): string {
  const previous = parseResultsFile(existing);
  const sections: string[] = [];
  for (const section of RESULTS_SECTIONS) {
    const path = join(resultsDir, section.file);
    if (existsSync(path)) {
      const body = readFileSync(path, 'utf8');
      sections.push(`<!-- results:${section.key} -->\n## ${section.title}\n\nMeasured ${measuredAt(path, body)} by \`pnpm bench\`.\n\n${section.render(body)}`);
    } else if (previous.has(section.key)) sections.push(previous.get(section.key)!);
    previous.delete(section.key);
  }
  sections.push(...previous.values());
  return [
    '# Benchmark results',
    '',
    'Written by `pnpm bench` (`benchmarks/src/report/results-file.ts`) from what each part leaves in `benchmarks/results/`; a part that was not run keeps its section. How each part measures is in `pnpm bench -- --help` and in [the decisions](../docs/decisions/README.md).',
    '',
    ...sections.map((section) => `${section}\n`),
  ].join('\n');
}

/** Rewrites `target` (default `benchmarks/RESULTS.md`) from the results folder. */
export function writeResultsFile(resultsDir: string, target: string = RESULTS_FILE): void {
  const existing = existsSync(target) ? readFileSync(target, 'utf8') : '';
  writeFileSync(target, renderResultsFile(resultsDir, existing));
}
