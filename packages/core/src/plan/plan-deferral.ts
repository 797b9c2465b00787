import { isPlainObject } from '../catalog/is-plain-object.js';
import type { PolicyWarning } from '../policy/policy-types.js';
import { partitionDeferral } from './partition-deferral.js';
import type { DeferralInput, DeferralPlan, PlanOptions } from './plan-types.js';
import { resolveDeferral } from './resolve-deferral.js';
import { summarizeServers } from './summarize-servers.js';

function readToolSearch(value: DeferralInput['toolSearch'], deferrableTokens: number): boolean {
  if (typeof value === 'function') return value(deferrableTokens) === true;
  return value !== false;
}

/**
 * The provider-neutral deferral planner every adapter can call: which tools
 * are listed upfront and which are deferred behind a search tool, the tokens
 * of each definition, and what the mods changed. It needs no model, provider
 * or environment: the caller says whether tool search is on
 * (`input.toolSearch`, default on; a function decides from the deferrable
 * tokens, e.g. a threshold of its own). Claude's rules for that decision are
 * {@link planToolLoading}, built on the same two steps.
 *
 * Steps: the tools are validated as a catalog (a bad tool is skipped with
 * warning `invalid-tool`); mods resolve each tool's description and
 * deferral (`input.mods` declaratively in order, then `options.mods`; a
 * throwing mod is skipped for that tool with warning `mod-failed`);
 * definitions are counted with `options.tokenCounter` (a tool's own `tokens`
 * wins). A tool is deferrable when it is not `core` and
 * is still deferred after mods: `alwaysLoad` (tool or server) and mod pins
 * keep it upfront. With tool search on, every deferrable tool is deferred;
 * off, every tool is upfront.
 *
 * Pure and synchronous; never throws for a {@link DeferralInput}-typed
 * value (it may throw for invalid `options.mods` or a throwing counter).
 *
 * @example
 * ```ts
 * const plan = planDeferral({ tools, mods: [{ plugin: 'pin', rules: [{ tool: 'search_code', isDeferred: false }] }] });
 * plan.tools.filter((tool) => tool.deferred).map((tool) => tool.name);
 * ```
 */
export function planDeferral(input: DeferralInput, options: PlanOptions = {}): DeferralPlan {
  const source: DeferralInput = isPlainObject(input) ? input : {};
  const warnings: PolicyWarning[] = [];
  const { catalog, entries, deferrableTokens } = resolveDeferral(source, options, warnings);
  const on = readToolSearch(source.toolSearch, deferrableTokens);
  const partition = partitionDeferral(entries, catalog.servers, on);
  return {
    toolSearch: on ? 'on' : 'off',
    ...partition,
    servers: summarizeServers(partition.tools),
    deferrableTokens,
    warnings,
  };
}
