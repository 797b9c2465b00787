import { isPlainObject } from '../catalog/is-plain-object.js';
import type { CatalogTool } from '../catalog/tool.js';
import { createModResolver } from '../mods/create-mod-resolver.js';
import type { ResolvedTool, ToolDescribeEvent, ToolResolver } from '../mods/mod.js';
import type { PolicyInput, PolicyWarning, ToolSearchDecision } from '../policy/policy-types.js';
import { readPolicySettings } from '../policy/read-policy-settings.js';
import { showValue } from '../policy/show-value.js';
import { evaluateToolSearchRules } from '../policy/tool-search-rules.js';
import { collectMods } from './collect-mods.js';
import { countToolTokens } from './count-tool-tokens.js';
import { defaultTokenCounter } from './default-token-counter.js';
import { deferralReason, isServerAlwaysLoad } from './deferral-reason.js';
import type { PlanOptions, PlannedTool, ToolLoadingPlan } from './plan-types.js';
import { readInputCatalog } from './read-input-catalog.js';
import { summarizeServers } from './summarize-servers.js';

interface ResolvedEntry {
  readonly tool: CatalogTool;
  readonly resolved: ResolvedTool;
  readonly tokens: number;
  readonly deferrable: boolean;
}

function baseEvent(tool: CatalogTool, serverAlwaysLoad: boolean): ToolDescribeEvent {
  return {
    tool,
    description: tool.description,
    isDeferred: tool.kind !== 'core' && !tool.alwaysLoad && !serverAlwaysLoad,
    provider: tool.server ?? (tool.kind === 'core' ? 'core' : 'builtin'),
  };
}

function resolveOutside(outer: ToolResolver, tool: CatalogTool, base: ToolDescribeEvent, inner: ResolvedTool): ResolvedTool {
  const result = outer.resolve(tool, { ...base, description: inner.description, isDeferred: inner.isDeferred });
  return {
    ...result,
    ...(result.decidedBy === undefined && inner.decidedBy !== undefined ? { decidedBy: inner.decidedBy } : {}),
    failures: [...inner.failures, ...result.failures],
    ignoredCore: [...inner.ignoredCore, ...result.ignoredCore],
  };
}

function reportMods(tool: CatalogTool, resolved: ResolvedTool, warnings: PolicyWarning[]): void {
  for (const failure of resolved.failures) {
    warnings.push({
      code: 'mod-failed',
      message: `mod ${showValue(failure.mod)} failed for tool ${showValue(tool.displayName)} and was skipped: ${failure.message}`,
    });
  }
  for (const mod of resolved.ignoredCore) {
    warnings.push({
      code: 'mod-ignored-core',
      message: `mod ${showValue(mod)} tried to move the core built-in ${showValue(tool.displayName)}; ignored`,
    });
  }
}

/**
 * Decides whether tool search is on (behaviour spec §5) and where every tool
 * goes. Tools are validated as a catalog (bad ones are skipped with a
 * warning), mods resolve each tool's description and deferral (the input's
 * declarative mods in order, then `options.mods`), definitions are counted
 * (a tool's own `tokens` wins), and the deferrable total feeds `auto`. Pure
 * and synchronous; never throws for a {@link PolicyInput}-typed value (it may
 * throw for invalid `options.mods` or a throwing `options.tokenCounter`).
 */
export function planToolLoading(input: PolicyInput, options: PlanOptions = {}): ToolLoadingPlan {
  const source: PolicyInput = isPlainObject(input) ? input : { model: '' };
  const { settings, warnings } = readPolicySettings(source);
  const catalog = readInputCatalog(source, warnings, options.cache);
  const mods = collectMods(source.mods, options.mods, warnings);
  const resolver: ToolResolver | null = mods.length === 0 ? null : createModResolver(mods);
  const counter = options.tokenCounter ?? defaultTokenCounter();

  let deferrableTokens = 0;
  const entries: ResolvedEntry[] = new Array<ResolvedEntry>(catalog.tools.length);
  for (let index = 0; index < catalog.tools.length; index++) {
    const tool = catalog.tools[index] as CatalogTool;
    const base = baseEvent(tool, isServerAlwaysLoad(tool, catalog.servers));
    let resolved: ResolvedTool = { description: base.description, isDeferred: base.isDeferred, failures: [], ignoredCore: [] };
    if (resolver !== null) resolved = resolver.resolve(tool, base);
    if (options.resolver !== undefined) resolved = resolveOutside(options.resolver, tool, base, resolved);
    reportMods(tool, resolved, warnings);
    const deferrable = tool.kind !== 'core' && resolved.isDeferred;
    const description = resolved.description;
    const count =
      options.cache === undefined
        ? countToolTokens(tool, description, counter)
        : options.cache.tokensFor(tool, description, counter.id, () => countToolTokens(tool, description, counter));
    if (!count.renderable) {
      warnings.push({
        code: 'invalid-tool',
        message: `tool ${showValue(tool.displayName)} has an input schema that cannot be serialised; counted without it`,
      });
    }
    if (deferrable) deferrableTokens += count.tokens;
    entries[index] = { tool, resolved, tokens: count.tokens, deferrable };
  }

  const ruling = evaluateToolSearchRules(settings, deferrableTokens);
  const on = ruling.toolSearch === 'on';
  const tools: PlannedTool[] = new Array<PlannedTool>(entries.length);
  const upfront: string[] = [];
  const deferred: string[] = [];
  let upfrontTokens = 0;
  let deferredTokens = 0;
  for (let index = 0; index < entries.length; index++) {
    const { tool, resolved, tokens, deferrable } = entries[index] as ResolvedEntry;
    const isDeferred = on && deferrable;
    const why = deferralReason(tool, catalog.servers, resolved, on);
    tools[index] = {
      displayName: tool.displayName,
      apiName: tool.apiName,
      name: tool.name,
      server: tool.server,
      kind: tool.kind,
      description: resolved.description,
      tokens,
      deferred: isDeferred,
      deferrable,
      why,
      ...(why === 'mod' && resolved.decidedBy !== undefined ? { decidedBy: resolved.decidedBy } : {}),
    };
    if (isDeferred) {
      deferred.push(tool.displayName);
      deferredTokens += tokens;
    } else {
      upfront.push(tool.displayName);
      upfrontTokens += tokens;
    }
  }

  const decision: ToolSearchDecision = {
    toolSearch: ruling.toolSearch,
    reason: ruling.reason,
    mode: settings.toolSearchEnv.mode,
    thresholdPercent: ruling.thresholdPercent,
    thresholdTokens: ruling.thresholdTokens,
    deferrableTokens,
    contextWindow: settings.contextWindow,
    deferred,
    upfront,
    warnings: [...warnings, ...ruling.warnings],
    trace: ruling.trace,
  };
  return { decision, tools, servers: summarizeServers(tools), upfrontTokens, deferredTokens };
}
