import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createCachedTokenCounter, createPlanCache, planToolLoading, type ToolInput } from '@loadout/core';
import { demoCatalogInput } from '@loadout/demo-catalog';
import { createTiktokenCounter } from '@loadout/tokens';

const TOOL_COUNT = 10_000;

/** One plan-bench measurement. */
export interface PlanBenchResult {
  readonly catalog: string;
  readonly tools: number;
  readonly coldMs: number;
  readonly warmMs: number;
  readonly warmRuns: number;
  readonly deferrableTokens: number;
}

function mix10kTools(dataDir: string): ToolInput[] | undefined {
  const file = join(dataDir, 'mix10k', 'tools.jsonl');
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, TOOL_COUNT)
    .map((line) => JSON.parse(line) as ToolInput);
}

function syntheticTools(): ToolInput[] {
  const source = demoCatalogInput.tools.filter((tool) => (tool.kind ?? 'mcp') === 'mcp');
  return Array.from({ length: TOOL_COUNT }, (_, index) => {
    const tool = source[index % source.length] as ToolInput;
    const copy = Math.floor(index / source.length);
    return { ...tool, server: `${tool.server ?? 'tools'}-${copy}`, description: `${tool.description ?? ''} Workspace ${copy}.` };
  });
}

/**
 * Measures one cold plan (tokenizer load, validation, counting every
 * definition) and warm re-plans of the same catalog with the same
 * counter and plan cache (the next turn of a conversation), in this process.
 */
export function measurePlan(dataDir: string): PlanBenchResult {
  const fromData = mix10kTools(dataDir);
  const tools = fromData ?? syntheticTools();
  const input = { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'auto' }, tools };
  const started = performance.now();
  const counter = createCachedTokenCounter(createTiktokenCounter());
  const cache = createPlanCache();
  const cold = planToolLoading(input, { tokenCounter: counter, cache });
  const coldMs = performance.now() - started;
  const warmRuns = 10;
  const warmTimes: number[] = [];
  for (let run = 0; run < warmRuns; run += 1) {
    const start = performance.now();
    planToolLoading(input, { tokenCounter: counter, cache });
    warmTimes.push(performance.now() - start);
  }
  warmTimes.sort((a, b) => a - b);
  return {
    catalog: fromData ? 'mix10k (first 10,000 tools)' : 'synthetic (demo catalog × 10,000)',
    tools: tools.length,
    coldMs,
    warmMs: warmTimes[Math.floor(warmRuns / 2)] ?? Number.NaN,
    warmRuns,
    deferrableTokens: cold.decision.deferrableTokens,
  };
}

/** Runs {@link measurePlan} in a fresh process so "cold" includes module and tokenizer loading. */
export function runPlanBench(dataDir: string): PlanBenchResult {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--import', 'tsx', self, dataDir], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`plan bench failed: ${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as PlanBenchResult;
  process.stdout.write(
    `plan   ${result.catalog}: cold ${result.coldMs.toFixed(0)} ms (target < 2000), warm ${result.warmMs.toFixed(1)} ms (target < 50), ${result.deferrableTokens.toLocaleString('en-US')} deferrable tokens\n`,
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(measurePlan(process.argv[2] ?? '../shared/data/eval')) + '\n');
}
