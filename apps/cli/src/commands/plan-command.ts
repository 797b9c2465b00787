import { parsePolicyInput, planToolLoading, toToolInput, type DeclarativeMod, type PolicyInput, type TokenCounter, type ToolLoadingPlan } from '@loadout/core';
import type { Command } from './command.js';
import { integerFlag, listFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_TOOLS_RANGE, reportWarnings } from '../io/command-warnings.js';
import { inheritedPolicyEnv, parseEnvAssignments } from '../io/parse-env-assignments.js';
import { loadCatalog } from '../io/load-catalog.js';
import { readModsFile } from '../io/read-mods-file.js';
import { sharedTokenCounter, withKnownTokenCounts } from '../io/shared-token-counter.js';
import { renderAdapterView, renderPlanView } from '../format/plan-view.js';
import { PLAN_ADAPTERS, planAdapter, readPlanAdapter } from './plan-adapter.js';
import { configHelp } from '../config/config-help.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';

/** The model `plan` assumes when `--model` is not given. */
export const DEFAULT_PLAN_MODEL = 'claude-sonnet-4-5';

const help = `loadout plan: show what tool search would defer for a catalog, and why.

Usage:
  loadout plan [--catalog FILE] [--model M] [--env KEY=VALUE]... [options]

Prints the decision (on/off) and its reason, how many tools are upfront and
deferred, definition tokens per server, the auto threshold, and the trace of
every rule consulted. Without --catalog it plans the embedded demo catalog.

Options:
  --catalog FILE          tools as JSON (array or {"tools": [...]}), JSONL, or an
                          MCP snapshot {"mcpServers": {...}, "tools": {...}}
  --model M               model id in any provider's form (default ${DEFAULT_PLAN_MODEL})
  --provider P            anthropic | agent-platform | bedrock | foundry (default anthropic):
                          where Claude runs, for Claude's policy
  --adapter A             also render the first request of a Loadout adapter and count it:
                          ${PLAN_ADAPTERS.join(' | ')}
                          (see "Adapters" below)
  --env KEY=VALUE         set a variable the policy reads; repeatable. ENABLE_TOOL_SEARCH,
                          CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS and ANTHROPIC_BASE_URL
                          are inherited from your shell unless --clean-env is given
  --clean-env             ignore those variables in your shell
  --sdk-version V         reproduce an older SDK's behaviour (e.g. 2.1.221)
  --context-window N      override the model's context window (tokens)
  --mods FILE             declarative mods: [{"plugin", "rules": [{"server", "tool", "isDeferred"}]}],
                          applied after the config's "mods"
  --config FILE           configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present);
                          its "catalog", "mods" and "plugins" apply
  --no-config             ignore the current folder's loadout.config.*
  --hipaa                 the session carries a HIPAA configuration
  --strict                exit 2 on any warning: an invalid tool (instead of skipping it),
                          an invalid --env value, an unknown model or SDK version, …
  --max-tools N           accept catalogs of up to N tools (default 10,000, the spec's limit)
  --json                  print the full plan as JSON
  -h, --help              show this help

Warnings (skipped tools, ignored settings) go to stderr, and into "warnings"
and "issues" with --json.

Adapters (--adapter): the request's tools are built by the adapter's own code
and each definition's JSON is counted with tiktoken; the figures are what it
sends: bytes of "tools", tokens the model reads up front (the search tool and
the upfront tools; definitions sent with defer_loading are not read until a
search loads them), tokens kept deferred, and what a search costs.
  anthropic                   @loadout/anthropic, Messages API: Claude's policy decides
                              (--model, --provider, --env, ... apply); deferred tools are
                              sent with defer_loading, a search answers tool_reference blocks
  openai-responses            @loadout/openai: a client tool_search tool and the upfront
                              functions; a search's tool_search_output carries the definitions
  openai-chat                 @loadout/openai/chat, plain mode (any Chat Completions server):
                              a search_tools function answered with the definitions as JSON;
                              found functions join every later request
  openai-chat-tool-reference  @loadout/openai/chat for gateways with tool search: deferred
                              functions sent with defer_loading, answers are tool_reference blocks
  ai-sdk                      @loadout/ai-sdk: the first step's activeTools as the AI SDK hands
                              them to any provider; a search activates its tools for later steps
The OpenAI and AI SDK adapters defer every deferrable tool (their toolSearch
default); Claude's policy flags do not apply to them, and --json then has no
"decision" (read "toolSearch"). --json adds an "adapter" object: name,
package, toolSearch, searchTool, upfront, deferred, tokens {upfront, deferred,
bytes, definitions, deferredDefinitions} and search {limit, fixedTokens,
perToolTokens, typicalTokens, loadedBy}.

${configHelp(['plugins', 'mods', 'catalog'])}

Examples:
  loadout plan --catalog tools.json --env ENABLE_TOOL_SEARCH=auto:5
  loadout plan --model claude-opus-4-5@20251101 --provider agent-platform --json
  loadout plan --adapter openai-responses
`;

async function readMods(path: string | undefined, cwd: string): Promise<DeclarativeMod[] | undefined> {
  return path === undefined ? undefined : readModsFile(path, cwd);
}

/** `loadout plan`: the deferral plan of a catalog, readable or as JSON. */
export const planCommand: Command = {
  name: 'plan',
  help,
  async run(argv, context) {
    const parsed = parseArguments('plan', argv, {
      catalog: { type: 'string' },
      model: { type: 'string' },
      provider: { type: 'string' },
      adapter: { type: 'string' },
      env: { type: 'string', multiple: true },
      'clean-env': { type: 'boolean' },
      'sdk-version': { type: 'string' },
      'context-window': { type: 'string' },
      mods: { type: 'string' },
      hipaa: { type: 'boolean' },
      strict: { type: 'boolean' },
      'max-tools': { type: 'string' },
      json: { type: 'boolean' },
      ...CONFIG_OPTIONS,
    }, { positionals: false });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const strict = Boolean(parsed.values['strict']);
    const adapterFlag = stringFlag(parsed, 'adapter');
    const adapter = adapterFlag === undefined ? undefined : readPlanAdapter(adapterFlag);
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
    const config = await loadCommandConfig('plan', parsed, context);
    const loaded = await loadCatalog(stringFlag(parsed, 'catalog') ?? config.catalog, context.cwd, { strict, ...(maxTools === undefined ? {} : { maxTools }) });
    const model = stringFlag(parsed, 'model') ?? DEFAULT_PLAN_MODEL;
    const env = {
      ...(parsed.values['clean-env'] ? {} : inheritedPolicyEnv(context.env)),
      ...parseEnvAssignments(listFlag(parsed, 'env')),
    };
    const raw: Record<string, unknown> = {
      model,
      env,
      tools: loaded.catalog.tools.map(toToolInput),
      servers: loaded.servers,
      hipaa: Boolean(parsed.values['hipaa']),
    };
    const provider = stringFlag(parsed, 'provider');
    if (provider !== undefined) raw['provider'] = provider;
    const sdkVersion = stringFlag(parsed, 'sdk-version');
    if (sdkVersion !== undefined) raw['sdkVersion'] = sdkVersion;
    const contextWindow = integerFlag(parsed, 'context-window', { min: 1, max: 100_000_000 });
    if (contextWindow !== undefined) raw['contextWindow'] = contextWindow;
    const fileMods = await readMods(stringFlag(parsed, 'mods'), context.cwd);
    const mods = config.mods === undefined || !Array.isArray(fileMods) ? (fileMods ?? config.mods) : [...config.mods, ...fileMods];
    if (mods !== undefined) raw['mods'] = mods;
    const input: PolicyInput = parsePolicyInput(raw);
    if (adapter !== undefined) {
      const { plan, view } = await planAdapter(adapter, {
        tools: loaded.catalog.tools.map(toToolInput),
        servers: loaded.servers,
        mods: input.mods ?? [],
        programmaticMods: config.registry.mods,
        policy: input,
        tokenCounter: await sharedTokenCounter(),
      });
      reportWarnings('plan', [...loaded.issues, ...plan.warnings], context, strict);
      const claude = 'decision' in plan;
      if (parsed.values['json']) {
        context.stdout(JSON.stringify({ source: loaded.source, ...(claude ? { model } : {}), issues: loaded.issues, ...plan, adapter: view }, null, 2) + '\n');
      } else {
        const head = claude ? renderPlanView(plan, { source: loaded.source, model, skipped: loaded.issues.length }) : '';
        context.stdout(head + renderAdapterView(view, claude ? undefined : { plan, source: loaded.source, skipped: loaded.issues.length }));
      }
      return 0;
    }
    const planWith = (tokenCounter: TokenCounter): ToolLoadingPlan => planToolLoading(input, { tokenCounter, mods: config.registry.mods });
    // The embedded catalog's counts are known from the build: no tokenizer to load (unless a mod rewrote a description).
    const plan = loaded.embedded ? await withKnownTokenCounts(planWith, (problem) => reportWarnings('plan', [problem], context, strict)) : planWith(await sharedTokenCounter());
    reportWarnings('plan', [...loaded.issues, ...plan.warnings], context, strict);
    if (parsed.values['json']) {
      context.stdout(JSON.stringify({ source: loaded.source, model, issues: loaded.issues, ...plan }, null, 2) + '\n');
    } else {
      context.stdout(renderPlanView(plan, { source: loaded.source, model, skipped: loaded.issues.length }));
    }
    return 0;
  },
};
