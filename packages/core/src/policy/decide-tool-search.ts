import { planToolLoading } from '../plan/plan-tool-loading.js';
import type { PlanOptions } from '../plan/plan-types.js';
import type { PolicyInput, ToolSearchDecision } from './policy-types.js';

/**
 * The policy contract's function: whether tool search is on for `input`,
 * why, and which tools are deferred. The same as
 * `planToolLoading(input, options).decision`. Pure and synchronous; never
 * throws for a {@link PolicyInput}-typed value: configuration mistakes become
 * `warnings`.
 */
export function decideToolSearch(input: PolicyInput, options?: PlanOptions): ToolSearchDecision {
  return planToolLoading(input, options).decision;
}
