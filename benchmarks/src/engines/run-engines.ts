import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBm25Ranker } from '@loadout/bm25';
import { createCatalog, parseCatalogText } from '@loadout/core';
import { percentile } from '@loadout/eval';
import { REPO_ROOT } from '../paths.js';
import { logProgress } from '../progress-log.js';
import type { EngineDriver, EngineResult } from './engine-driver.js';
import { engineInputs } from './engine-inputs.js';
import type { EngineInputs } from './engine-inputs.js';
import { COMPONENT_FILE, createJcoEngine } from './jco-engine.js';
import { createNodeEngine } from './node-engine.js';
import { createQuickJsEngine } from './quickjs-engine.js';

/** Decisions timed per engine (each over all 10,000 tools). */
const DECIDE_RUNS = 20;

function measure(driver: EngineDriver, inputs: EngineInputs, saved: Uint8Array): EngineResult {
  const decide: number[] = [];
  for (let run = 0; run < DECIDE_RUNS; run++) {
    const started = performance.now();
    driver.decide(inputs.policyInput);
    decide.push(performance.now() - started);
  }
  let started = performance.now();
  driver.restore(inputs.catalog, saved);
  const restoreMs = performance.now() - started;
  const search: number[] = [];
  for (const query of inputs.queries) {
    started = performance.now();
    driver.search(query, 5);
    search.push(performance.now() - started);
  }
  return {
    engine: driver.name,
    instantiateMs: driver.instantiateMs,
    decideP50Ms: percentile(decide, 50),
    restoreMs,
    searchP50Ms: percentile(search, 50),
    ...(driver.sizeBytes === undefined ? {} : { sizeBytes: driver.sizeBytes }),
  };
}

async function measureEngine(name: string, create: () => Promise<EngineDriver>, inputs: EngineInputs, saved: Uint8Array): Promise<EngineResult> {
  logProgress(`wasm: ${name}…`);
  let driver: EngineDriver | undefined;
  try {
    driver = await create();
    return measure(driver, inputs, saved);
  } catch (error) {
    return { engine: name, instantiateMs: Number.NaN, decideP50Ms: Number.NaN, restoreMs: Number.NaN, searchP50Ms: Number.NaN, skipped: error instanceof Error ? error.message : String(error) };
  } finally {
    driver?.dispose();
  }
}

/** The component in Python through wasmtime (`examples/python/bench.py`), skipped when python3 or wasmtime is missing. */
function measurePython(inputs: EngineInputs, saved: Uint8Array): EngineResult {
  const name = 'component via wasmtime in Python';
  logProgress(`wasm: ${name}…`);
  const folder = mkdtempSync(join(tmpdir(), 'loadout-python-bench-'));
  try {
    const files = { catalog: join(folder, 'tools.jsonl'), saved: join(folder, 'index.lbmf'), policy: join(folder, 'policy.json'), queries: join(folder, 'queries.txt') };
    writeFileSync(files.catalog, inputs.catalog);
    writeFileSync(files.saved, saved);
    writeFileSync(files.policy, inputs.policyInput);
    writeFileSync(files.queries, inputs.queries.join('\n'));
    const run = spawnSync('python3', [join(REPO_ROOT, 'examples/python/bench.py'), files.catalog, files.saved, files.policy, files.queries, String(DECIDE_RUNS)], { encoding: 'utf8', timeout: 30 * 60_000 });
    if (run.status !== 0) throw new Error(run.error?.message ?? run.stderr.trim().split('\n').at(-1) ?? `exit ${run.status}`);
    const result = JSON.parse(run.stdout) as Omit<EngineResult, 'engine'>;
    return { engine: name, ...result, sizeBytes: statSync(COMPONENT_FILE).size };
  } catch (error) {
    return { engine: name, instantiateMs: Number.NaN, decideP50Ms: Number.NaN, restoreMs: Number.NaN, searchP50Ms: Number.NaN, skipped: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const cell = (value: number): string => (Number.isNaN(value) ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(2));

function renderReport(inputs: EngineInputs, results: readonly EngineResult[], indexMs: number): string {
  const node = results[0]!;
  const ratio = (value: number, peer: number): string => (Number.isNaN(value) || peer === 0 ? '' : ` (${(value / peer).toFixed(1)}x)`);
  const rows = results.map(
    (result) =>
      `| ${result.engine} | ${cell(result.decideP50Ms)}${ratio(result.decideP50Ms, node.decideP50Ms)} | ${cell(result.restoreMs)}${ratio(result.restoreMs, node.restoreMs)} | ${cell(result.searchP50Ms)}${ratio(result.searchP50Ms, node.searchP50Ms)} | ${cell(result.instantiateMs)} | ${result.sizeBytes === undefined ? '–' : `${(result.sizeBytes / 1024 / 1024).toFixed(1)} MB`} |${result.skipped === undefined ? '' : ` skipped: ${result.skipped}`}`,
  );
  return [
    '# Engines: the policy and BM25F in Node, QuickJS and the WebAssembly component',
    '',
    `Data: ${inputs.label}. Times in ms; ratios against Node in this run. Decide: one`,
    `policy decision over all the tools (p50 of ${DECIDE_RUNS}); restore: catalog text and the saved`,
    `index (Node wrote it in ${cell(indexMs)} ms from scratch) to a searchable index; search: p50`,
    'of one query (limit 5) with its JSON answer; instantiate: loading the engine',
    "and Loadout's code (for Python: wasmtime's compile, cached after the first run, and",
    'instantiation).',
    '',
    '| engine | decide p50 | index restore | search p50 | instantiate | size |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/**
 * The engines part (`--only wasm`): Node, QuickJS, the component through
 * jco in Node and through wasmtime in Python, one after another in this
 * run, on the same 10,000 tools; writes `engines.md` and `engines.json`.
 */
export async function runEngines(dataDir: string, resultsDir: string): Promise<void> {
  if (!existsSync(COMPONENT_FILE)) throw new Error(`no component at ${COMPONENT_FILE}: run pnpm build`);
  const inputs = engineInputs(dataDir);
  logProgress(`wasm: ${inputs.label}; indexing in Node to get the saved index…`);
  const started = performance.now();
  const parsed = parseCatalogText(inputs.catalog, { source: 'catalog' });
  const bm25 = createBm25Ranker();
  bm25.index(createCatalog(parsed.tools, { servers: parsed.servers, source: 'catalog' }).tools);
  const saved = bm25.serialize();
  const indexMs = performance.now() - started;
  const results: EngineResult[] = [
    await measureEngine('Node', createNodeEngine, inputs, saved),
    await measureEngine('QuickJS', createQuickJsEngine, inputs, saved),
    await measureEngine('jco', createJcoEngine, inputs, saved),
    measurePython(inputs, saved),
  ];
  const report = renderReport(inputs, results, indexMs);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'engines.md'), report);
  writeFileSync(join(resultsDir, 'engines.json'), `${JSON.stringify({ data: inputs.label, indexMs, results }, null, 2)}\n`);
  process.stdout.write(report);
}
