import { parseJson, parsePolicyInput, planToolLoading, toToolInput, type DeclarativeMod, type PolicyInput, type TokenCounter, type ToolLoadingPlan } from '@loadout/core';
import type { Command } from './command.js';
import { integerFlag, listFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_TOOLS_RANGE, reportWarnings } from '../io/command-warnings.js';
import { inheritedPolicyEnv, parseEnvAssignments } from '../io/parse-env-assignments.js';
import { loadCatalog } from '../io/load-catalog.js';
import { readTextFile } from '../io/read-text-file.js';
import { sharedTokenCounter, withKnownTokenCounts } from '../io/shared-token-counter.js';
import { renderPlanView } from '../format/plan-view.js';
import { CONFIG_HELP } from '../config/config-help.js';
import { loadConfig } from '../config/load-config.js';

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
  --provider P            anthropic | agent-platform | bedrock | foundry (default anthropic)
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
  --hipaa                 the session carries a HIPAA configuration
  --strict                exit 2 on any warning: an invalid tool (instead of skipping it),
                          an invalid --env value, an unknown model or SDK version, …
  --max-tools N           accept catalogs of up to N tools (default 10,000, the spec's limit)
  --json                  print the full plan as JSON
  -h, --help              show this help

Warnings (skipped tools, ignored settings) go to stderr, and into "warnings"
and "issues" with --json.

${CONFIG_HELP}

Examples:
  loadout plan --catalog tools.json --env ENABLE_TOOL_SEARCH=auto:5
  loadout plan --model claude-opus-4-5@20251101 --provider agent-platform --json
`;

async function readMods(path: string | undefined, cwd: string): Promise<DeclarativeMod[] | undefined> {
  if (path === undefined) return undefined;
  return parseJson(await readTextFile(path, cwd), path) as DeclarativeMod[];
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
      env: { type: 'string', multiple: true },
      'clean-env': { type: 'boolean' },
      'sdk-version': { type: 'string' },
      'context-window': { type: 'string' },
      mods: { type: 'string' },
      hipaa: { type: 'boolean' },
      strict: { type: 'boolean' },
      'max-tools': { type: 'string' },
      json: { type: 'boolean' },
      config: { type: 'string' },
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const strict = Boolean(parsed.values['strict']);
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
    const config = await loadConfig(stringFlag(parsed, 'config'), context.cwd, (message) => context.stderr(`loadout plan: warning: ${message}\n`));
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
    const planWith = (tokenCounter: TokenCounter): ToolLoadingPlan => planToolLoading(input, { tokenCounter, mods: config.registry.mods });
    // The embedded catalog's counts are known from the build: no tokenizer to load (unless a mod rewrote a description).
    const plan = loaded.embedded ? await withKnownTokenCounts(planWith) : planWith(await sharedTokenCounter());
    reportWarnings('plan', [...loaded.issues, ...plan.warnings], context, strict);
    if (parsed.values['json']) {
      context.stdout(JSON.stringify({ source: loaded.source, model, issues: loaded.issues, ...plan }, null, 2) + '\n');
    } else {
      context.stdout(renderPlanView(plan, { source: loaded.source, model, skipped: loaded.issues.length }));
    }
    return 0;
  },
};
