import { largeToolWarnings, parsePolicyInput, planToolLoading, toToolInput, type DeclarativeMod, type PolicyInput, type TokenCounter, type ToolLoadingPlan } from '@loadout/core';
import type { Command } from './command.js';
import { integerFlag, listFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_TOOLS_RANGE, reportWarnings } from '../io/command-warnings.js';
import { inheritedPolicyEnv, parseEnvAssignments } from '../io/parse-env-assignments.js';
import { noteDemoCatalog } from '../io/demo-catalog-note.js';
import { loadCatalog } from '../io/load-catalog.js';
import { readModsFile } from '../io/read-mods-file.js';
import { sharedTokenCounter, withKnownTokenCounts } from '../io/shared-token-counter.js';
import { renderAdapterView, renderPlanView } from '../format/plan-view.js';
import { planAdapter, readPlanAdapter } from './plan-adapter.js';
import { loadAdapterList } from './adapter-list.js';
import { DEFAULT_PLAN_MODEL, planHelp } from './plan-help.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';


async function readMods(path: string | undefined, cwd: string): Promise<DeclarativeMod[] | undefined> {
  return path === undefined ? undefined : readModsFile(path, cwd);
}

/** `loadout plan`: the deferral plan of a catalog, readable or as JSON. */
export const planCommand: Command = {
  name: 'plan',
  help: async () => planHelp(await loadAdapterList()),
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
      context.stdout(planHelp(await loadAdapterList()));
      return 0;
    }
    const strict = Boolean(parsed.values['strict']);
    const adapterFlag = stringFlag(parsed, 'adapter');
    const adapter = adapterFlag === undefined ? undefined : await readPlanAdapter(adapterFlag);
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
    const config = await loadCommandConfig('plan', parsed, context);
    const loaded = await loadCatalog(stringFlag(parsed, 'catalog') ?? config.catalog, context.cwd, { strict, ...(maxTools === undefined ? {} : { maxTools }) });
    noteDemoCatalog('plan', config, loaded, context);
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
      const { plan, view, skipped } = await planAdapter(adapter, {
        tools: loaded.catalog.tools.map(toToolInput),
        servers: loaded.servers,
        mods: input.mods ?? [],
        programmaticMods: config.registry.mods,
        policy: input,
        tokenCounter: await sharedTokenCounter(),
      });
      const claude = 'decision' in plan;
      const large = claude ? largeToolWarnings(plan.tools, plan.decision.contextWindow, loaded.catalog.tools) : [];
      reportWarnings('plan', [...loaded.issues, ...skipped, ...plan.warnings, ...large], context, strict);
      if (parsed.values['json']) {
        // The plan's warnings add the definitions too large for the context; the decision's stay the policy contract's.
        context.stdout(JSON.stringify({ source: loaded.source, ...(claude ? { model } : {}), issues: loaded.issues, ...plan, warnings: [...plan.warnings, ...large], adapter: view }, null, 2) + '\n');
      } else {
        const head = claude ? renderPlanView(plan, { source: loaded.source, model, skipped: loaded.issues.length }) : '';
        context.stdout(head + renderAdapterView(view, claude ? undefined : { plan, source: loaded.source, skipped: loaded.issues.length }));
      }
      return 0;
    }
    const planWith = (tokenCounter: TokenCounter): ToolLoadingPlan => planToolLoading(input, { tokenCounter, mods: config.registry.mods });
    // The embedded catalog's counts are known from the build: no tokenizer to load (unless a mod rewrote a description).
    const plan = loaded.embedded ? await withKnownTokenCounts(planWith, (problem) => reportWarnings('plan', [problem], context, strict)) : planWith(await sharedTokenCounter());
    const large = largeToolWarnings(plan.tools, plan.decision.contextWindow, loaded.catalog.tools);
    reportWarnings('plan', [...loaded.issues, ...plan.warnings, ...large], context, strict);
    if (parsed.values['json']) {
      // The plan's warnings add the definitions too large for the context; the decision's stay the policy contract's.
      context.stdout(JSON.stringify({ source: loaded.source, model, issues: loaded.issues, ...plan, warnings: [...plan.warnings, ...large] }, null, 2) + '\n');
    } else {
      context.stdout(renderPlanView(plan, { source: loaded.source, model, skipped: loaded.issues.length }));
    }
    return 0;
  },
};
