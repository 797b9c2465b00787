import { parsePolicyInput, planToolLoading, summarizeCatalog, withQuerySyntax, type TokenCounter } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import { demoCatalogInput, createDemoCatalog, demoQueries } from '@loadout/demo-catalog';
import type { Command } from './command.js';
import { parseArguments } from '../io/parse-arguments.js';
import { withKnownTokenCounts } from '../io/shared-token-counter.js';
import { reportWarnings } from '../io/command-warnings.js';
import { renderPlanView } from '../format/plan-view.js';
import { formatCount } from '../format/render-table.js';
import { DEFAULT_PLAN_MODEL } from './plan-help.js';

const help = `loadout demo: a tour of Loadout on the embedded demo catalog (offline).

Usage:
  loadout demo

Plans the demo catalog (a few hundred tools across a dozen services) with
tool search at its default, shows the decision trace and the tokens per
server, then shows how ENABLE_TOOL_SEARCH values and models change the
decision, what a search over the deferred tools finds, and the
system-prompt summary an agent would get.
`;

const scenarios: readonly {
  label: string;
  model: string;
  provider?: string;
  sdkVersion?: string;
  env: Record<string, string>;
}[] = [
  { label: 'ENABLE_TOOL_SEARCH unset', model: DEFAULT_PLAN_MODEL, env: {} },
  { label: 'ENABLE_TOOL_SEARCH=auto (10%)', model: DEFAULT_PLAN_MODEL, env: { ENABLE_TOOL_SEARCH: 'auto' } },
  { label: 'ENABLE_TOOL_SEARCH=auto:5', model: DEFAULT_PLAN_MODEL, env: { ENABLE_TOOL_SEARCH: 'auto:5' } },
  { label: 'ENABLE_TOOL_SEARCH=false', model: DEFAULT_PLAN_MODEL, env: { ENABLE_TOOL_SEARCH: 'false' } },
  { label: 'a Claude 3.7 model', model: 'claude-3-7-sonnet-20250219', env: {} },
  { label: 'Opus 4.1 on Agent Platform', model: 'claude-opus-4-1@20250805', provider: 'agent-platform', env: {} },
  {
    label: 'a gateway, SDK 2.1.300',
    model: DEFAULT_PLAN_MODEL,
    sdkVersion: '2.1.300',
    env: { ANTHROPIC_BASE_URL: 'https://llm-gateway.internal.example' },
  },
];

/** The whole tour as text; pure, so it can run again with another counter. */
function renderDemo(counter: TokenCounter): string {
  const chunks: string[] = [];
  const out = (text: string): void => void chunks.push(text);
  const base = { tools: demoCatalogInput.tools, servers: demoCatalogInput.servers };
  out('Loadout demo: tool search on an embedded catalog\n\n');
  const plan = planToolLoading(parsePolicyInput({ ...base, model: DEFAULT_PLAN_MODEL, env: {} }), { tokenCounter: counter });
  out(renderPlanView(plan, { source: 'demo catalog', model: DEFAULT_PLAN_MODEL, skipped: 0 }));
  out('\nHow the inputs change the decision\n');
  for (const scenario of scenarios) {
    const input = parsePolicyInput({
      ...base,
      model: scenario.model,
      env: scenario.env,
      ...(scenario.provider === undefined ? {} : { provider: scenario.provider }),
      ...(scenario.sdkVersion === undefined ? {} : { sdkVersion: scenario.sdkVersion }),
    });
    const { decision } = planToolLoading(input, { tokenCounter: counter });
    out(
      `  ${scenario.label.padEnd(32)} ${decision.toolSearch.padEnd(3)}  ${decision.reason.padEnd(28)} ${formatCount(decision.deferred.length)} deferred\n`,
    );
  }
  const catalog = createDemoCatalog();
  const ranker = withQuerySyntax(createBm25Ranker());
  ranker.index(catalog.tools);
  out('\nSearching the deferred tools (BM25F, top 3)\n');
  const deferred = new Set(plan.decision.deferred);
  for (const { query } of demoQueries.slice(0, 4)) {
    const hits = ranker.search(query, { limit: 3, filter: (tool) => deferred.has(tool.displayName) });
    out(`  ${JSON.stringify(query)}\n${hits.map((hit, rank) => `    ${rank + 1}. ${hit.tool.displayName}`).join('\n')}\n`);
  }
  const summary = summarizeCatalog(catalog, { tokenCounter: counter });
  out(`\nSystem-prompt summary (${formatCount(counter.count(summary))} tokens)\n  ${summary}\n`);
  out('\nNext: loadout search "QUERY" --explain, loadout plan --help, loadout policy --help\n');
  return chunks.join('');
}

/** `loadout demo` (what `pnpm start` runs). */
export const demoCommand: Command = {
  name: 'demo',
  help,
  async run(argv, context) {
    const parsed = parseArguments('demo', argv, {}, { positionals: false });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    context.stdout(await withKnownTokenCounts(renderDemo, (problem) => reportWarnings('demo', [problem], context, false)));
    return 0;
  },
};
