import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLargeDemoCatalogInput, demoQueries } from '@loadout/demo-catalog';

/** The spec's catalog limit: what every engine indexes. */
export const ENGINE_TOOLS = 10_000;
const QUERY_COUNT = 200;

/** What every engine is given, as text: a catalog, a policy input over the same tools, queries. */
export interface EngineInputs {
  readonly label: string;
  /** JSONL, one tool a line. */
  readonly catalog: string;
  readonly policyInput: string;
  readonly queries: readonly string[];
}

function policyInputOf(tools: readonly Record<string, unknown>[]): string {
  return JSON.stringify({
    model: 'claude-sonnet-4-5-20250929',
    env: { ENABLE_TOOL_SEARCH: 'auto:5' },
    tools: tools.map((tool, index) => ({ ...tool, tokens: 100 + (index % 400) })),
  });
}

/** mix10k's first 10,000 tools and 200 dev queries when the eval data is there, else the synthetic large demo catalog and the demo queries. */
export function engineInputs(dataDir: string): EngineInputs {
  const tools = join(dataDir, 'mix10k/tools.jsonl');
  if (existsSync(tools)) {
    const lines = readFileSync(tools, 'utf8').split('\n').filter((line) => line.trim() !== '').slice(0, ENGINE_TOOLS);
    const queries = readFileSync(join(dataDir, 'mix10k/queries.dev.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, QUERY_COUNT)
      .map((line) => (JSON.parse(line) as { query: string }).query);
    return { label: `mix10k, first ${ENGINE_TOOLS.toLocaleString('en-US')} tools, ${queries.length} dev queries`, catalog: lines.join('\n'), policyInput: policyInputOf(lines.map((line) => JSON.parse(line) as Record<string, unknown>)), queries };
  }
  const input = createLargeDemoCatalogInput();
  const list = (input.tools as readonly Record<string, unknown>[]).slice(0, ENGINE_TOOLS);
  return {
    label: `synthetic large demo catalog, ${list.length.toLocaleString('en-US')} tools, ${demoQueries.length} demo queries`,
    catalog: list.map((tool) => JSON.stringify(tool)).join('\n'),
    policyInput: policyInputOf(list),
    queries: demoQueries.map((query) => query.query),
  };
}
