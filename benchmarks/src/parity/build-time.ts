// Index build time of bm25f at mix10k, phase by phase (median of runs), for profiling:
// `node --conditions=development --import tsx benchmarks/src/parity/build-time.ts [--runs 5]`.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { resolveDataDir } from '../paths.js';

const { loadEvalSet, createEvalCatalog } = await import('@loadout/eval');
const { createBm25Ranker, createToolAnalyzer } = await import('@loadout/bm25');
const { values } = parseArgs({ options: { runs: { type: 'string' }, data: { type: 'string' } }, args: process.argv.slice(2).filter((arg) => arg !== '--') });
const runs = Number(values.runs ?? 5);
const set = await loadEvalSet(join(resolveDataDir(values.data).dataDir, 'mix10k'), { split: 'dev' });
const tools = createEvalCatalog(set).tools;
const median = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const build: number[] = [];
const analyse: number[] = [];
for (let run = 0; run < runs; run++) {
  const analyzer = createToolAnalyzer();
  let start = performance.now();
  for (const tool of tools) analyzer.analyzeTool(tool);
  analyse.push(performance.now() - start);
  const ranker = createBm25Ranker();
  start = performance.now();
  ranker.index(tools);
  build.push(performance.now() - start);
}
process.stdout.write(`mix10k ${tools.length} tools: index ${median(build).toFixed(0)} ms (runs ${build.map((ms) => ms.toFixed(0)).join(', ')}), of which tokenising about ${median(analyse).toFixed(0)} ms\n`);
