import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseResultsFile, renderResultsFile, RESULTS_FILE, writeResultsFile } from './results-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'loadout-results-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SEEDED = [
  '# Benchmark results',
  '',
  '<!-- results:learning -->',
  '## Learning from logs',
  '',
  'Seeded: measured 2026-12-05.',
  '',
  '<!-- results:throughput -->',
  '## Gateway throughput',
  '',
  'ratio 0.98',
  '',
].join('\n');

describe('renderResultsFile', () => {
  it('keeps the sections of parts that did not run, and those it does not know, as they stand', () => {
    const out = renderResultsFile(dir, SEEDED);
    expect(out).toContain('Seeded: measured 2026-12-05.');
    expect(out).toContain('ratio 0.98');
    expect(out.indexOf('results:learning')).toBeLessThan(out.indexOf('results:throughput'));
  });

  it("rewrites a part's section from its results file, dated by generatedAt", () => {
    const learning = {
      generatedAt: '2026-12-07T10:00:00.000Z',
      learner: 'lexical',
      results: [{ set: 'toolbench_stb', folds: 5, enabledFolds: 5, leakedQueries: 0, baseline: { 'recall@5': 0.761, 'ndcg@5': 0.7, 'mrr@10': 0.75 }, learned: { 'recall@5': 0.8227, 'ndcg@5': 0.781, 'mrr@10': 0.839 } }],
      others: [{ learner: 'lexical-seed2', results: [{ set: 'toolbench_stb', learned: { 'recall@5': 0.8182, 'ndcg@5': 0.783, 'mrr@10': 0.855 } }] }],
    };
    writeFileSync(join(dir, 'learning.json'), JSON.stringify(learning));
    const out = renderResultsFile(dir, SEEDED);
    expect(out).not.toContain('Seeded: measured 2026-12-05.');
    expect(out).toContain('Measured 2026-12-07 by `pnpm bench`.');
    expect(out).toContain('| learning from the other folds | 82.3 / 78.1 / 83.9 |');
    // Against the code before #29 on each learner's partition (decision 2928).
    expect(out).toContain('| before #29, learner `lexical`: R@5 / this run minus it (decision 2928) | 82.3 / +0.0 |');
    expect(out).toContain('| before #29, learner `lexical-seed2`: R@5 / this run minus it (decision 2928) | 82.8 / −1.0 |');
    expect(out).toContain('ratio 0.98');
  });

  it('writes the WebAssembly hosts table and the browser first-result figures', () => {
    writeFileSync(join(dir, 'engines.md'), '# WebAssembly hosts\n\n| engine | decide p50 |\n| --- | --- |\n| Node | 1 ms |\n');
    writeFileSync(join(dir, 'browser-first-result.json'), JSON.stringify({ tools: 10_000, rounds: 2, cpuThrottlingRate: 4, builtMs: 3020.4, loadedMs: 1705.2, speedup: 1.771, catalogBytes: 4_254_742, indexBytes: 5_285_393 }));
    const out = renderResultsFile(dir, '');
    expect(out).toContain('<!-- results:wasm -->\n## WebAssembly hosts');
    expect(out).toContain('| Node | 1 ms |');
    expect(out).toContain('| index built in the page | tools.json, 4.3 MB | 3,020 ms |');
    expect(out).toContain('| prebuilt index loaded | tools.index, 5.3 MB | 1,705 ms |');
    expect(out).toContain('Loaded is 1.77x faster.');
  });

  it("embeds a part's Markdown under its heading, charts left out", () => {
    writeFileSync(join(dir, 'startup.md'), 'Start-up table\n\n| command | median ms |\n| --- | ---: |\n| --version | 60 |\n');
    writeFileSync(join(dir, 'report.md'), '# Retrieval quality\n\n![Recall](recall-at-5.svg)\n\ntext\n');
    const out = renderResultsFile(dir, '');
    expect(out).toContain('<!-- results:startup -->\n## CLI start-up');
    expect(out).toContain('| --version | 60 |');
    expect(out).toContain('### Retrieval quality');
    expect(out).not.toContain('recall-at-5.svg');
  });

  it('reads back what it writes, section by section', () => {
    writeFileSync(join(dir, 'exact-names.json'), JSON.stringify({ set: 'mix10k', queries: 58839, passed: 58839, rankOne: 58028 }));
    const target = join(dir, 'RESULTS.md');
    writeFileSync(target, SEEDED);
    writeResultsFile(dir, target);
    const sections = parseResultsFile(readFileSync(target, 'utf8'));
    expect([...sections.keys()]).toEqual(['names', 'learning', 'throughput']);
    expect(sections.get('names')).toContain('58,839 exact-name queries (every tool in each spelling); named tools first 100.00% (target 100%), the tool itself at rank 1 98.62%');
  });

  it('renders one sentence per set of the names part', () => {
    const sets = [
      { set: 'demo', queries: 400, passed: 400, rankOne: 396 },
      { set: 'mix10k', queries: 80000, passed: 79990, rankOne: 77000 },
    ];
    writeFileSync(join(dir, 'exact-names.json'), JSON.stringify({ sets }));
    const out = renderResultsFile(dir, '');
    expect(out).toContain('Set `demo`: 400 exact-name queries (every tool in each spelling); named tools first 100.00% (target 100%), the tool itself at rank 1 99.00%.');
    expect(out).toContain('Set `mix10k`: 80,000 exact-name queries (every tool in each spelling); named tools first 99.99% (target 100%)');
  });

  it('targets benchmarks/RESULTS.md by default', () => {
    expect(RESULTS_FILE.endsWith(join('benchmarks', 'RESULTS.md'))).toBe(true);
  });
});
