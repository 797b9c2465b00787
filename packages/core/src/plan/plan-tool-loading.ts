import { isPlainObject } from '../catalog/is-plain-object.js';
import type { PolicyInput, PolicyWarning, ToolSearchDecision } from '../policy/policy-types.js';
import { readPolicySettings } from '../policy/read-policy-settings.js';
import { evaluateToolSearchRules } from '../policy/tool-search-rules.js';
import { partitionDeferral } from './partition-deferral.js';
import type { PlanOptions, ToolLoadingPlan } from './plan-types.js';
import { resolveDeferral } from './resolve-deferral.js';
import { summarizeServers } from './summarize-servers.js';

/**
 * Claude's tool-loading plan: whether tool search is on (behaviour spec §5)
 * and where every tool goes. It is {@link planDeferral}'s two steps with
 * Claude's decision between them: tools are validated as a catalog (bad
 * ones are skipped with a warning), mods resolve each tool's description and
 * deferral (the input's declarative mods in order, then `options.mods`),
 * definitions are counted (a tool's own `tokens` wins), the deferrable total
 * feeds the policy rules (model, provider, `ENABLE_TOOL_SEARCH`, `auto`
 * threshold), and the rules' answer partitions the tools. Pure and
 * synchronous; never throws for a {@link PolicyInput}-typed value (it may
 * throw for invalid `options.mods` or a throwing `options.tokenCounter`).
 */
export function planToolLoading(input: PolicyInput, options: PlanOptions = {}): ToolLoadingPlan {
  const source: PolicyInput = isPlainObject(input) ? input : { model: '' };
  const { settings, warnings } = readPolicySettings(source);
  const { catalog, entries, deferrableTokens } = resolveDeferral(source, options, warnings);
  const ruling = evaluateToolSearchRules(settings, deferrableTokens);
  const partition = partitionDeferral(entries, catalog.servers, ruling.toolSearch === 'on');
  const allWarnings: readonly PolicyWarning[] = [...warnings, ...ruling.warnings];
  const decision: ToolSearchDecision = {
    toolSearch: ruling.toolSearch,
    reason: ruling.reason,
    mode: settings.toolSearchEnv.mode,
    thresholdPercent: ruling.thresholdPercent,
    thresholdTokens: ruling.thresholdTokens,
    deferrableTokens,
    contextWindow: settings.contextWindow,
    deferred: partition.deferred,
    upfront: partition.upfront,
    warnings: allWarnings,
    trace: ruling.trace,
  };
  return {
    decision,
    toolSearch: ruling.toolSearch,
    ...partition,
    servers: summarizeServers(partition.tools),
    deferrableTokens,
    warnings: allWarnings,
  };
}
