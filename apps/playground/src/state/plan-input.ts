import type { DeclarativeMod } from '@loadout/core';
import type { PlanInput } from '@loadout/browser';
import type { ModRuleState, PolicyState } from './playground-state.js';

/** The plugin name of the editor's declarative mod, as traces and `decidedBy` show it. */
export const PLAYGROUND_MOD_NAME = 'playground';

/** The editor's rules as one declarative mod, or none when there are no rules. */
export function toDeclarativeMods(rules: readonly ModRuleState[]): DeclarativeMod[] {
  if (rules.length === 0) return [];
  return [
    {
      plugin: PLAYGROUND_MOD_NAME,
      rules: rules.map((rule) => ({
        ...(rule.server.trim() === '' ? {} : { server: rule.server.trim() }),
        ...(rule.tool.trim() === '' ? {} : { tool: rule.tool.trim() }),
        isDeferred: rule.action === 'defer',
      })),
    },
  ];
}

/**
 * The engine's plan input for the form: empty fields are left unset, so the
 * policy applies its own defaults. A context window that is not a number is
 * passed as NaN, so the policy reports `invalid-context-window` instead of
 * the page silently ignoring it.
 */
export function toPlanInput(policy: PolicyState, rules: readonly ModRuleState[]): PlanInput {
  const env: Record<string, string> = {};
  if (policy.enableToolSearch !== '') env['ENABLE_TOOL_SEARCH'] = policy.enableToolSearch;
  if (policy.baseUrl.trim() !== '') env['ANTHROPIC_BASE_URL'] = policy.baseUrl.trim();
  if (policy.disableBetas !== '') env['CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS'] = policy.disableBetas;
  const context = policy.contextWindow.trim().replace(/[_,\s]/g, '');
  return {
    model: policy.model.trim(),
    provider: policy.provider,
    env,
    ...(policy.sdkVersion.trim() === '' ? {} : { sdkVersion: policy.sdkVersion.trim() }),
    ...(policy.hipaa ? { hipaa: true } : {}),
    ...(context === '' ? {} : { contextWindow: Number(context) }),
    ...(policy.keepToolSearchOn ? { managedSettings: { keepToolSearchOn: true } } : {}),
    ...(policy.toolSearchActivated ? { conversation: { toolSearchActivated: true } } : {}),
    mods: toDeclarativeMods(rules),
  };
}
