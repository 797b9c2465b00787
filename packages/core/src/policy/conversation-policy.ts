import { createPlanCache } from '../plan/plan-cache.js';
import { planToolLoading } from '../plan/plan-tool-loading.js';
import type { PlanOptions, ToolLoadingPlan } from '../plan/plan-types.js';
import type { PolicyInput, ToolSearchDecision } from './policy-types.js';

/** Options of {@link createConversationPolicy}: those of every plan it makes. */
export type ConversationPolicyOptions = PlanOptions;

/** Decides turn after turn for one conversation; see {@link createConversationPolicy}. */
export interface ConversationPolicy {
  /** The decision for this turn; `auto` stays on once it switched on earlier. */
  decide(input: PolicyInput): ToolSearchDecision;
  /** The full plan for this turn, with the same stickiness. */
  plan(input: PolicyInput): ToolLoadingPlan;
  /** Whether `auto` has switched tool search on in this conversation. */
  readonly toolSearchActivated: boolean;
  /** Forgets the activation (a new conversation). */
  reset(): void;
}

/**
 * A stateful wrapper over {@link planToolLoading} for one conversation: once
 * a turn's decision is `auto-threshold-reached`, later turns are planned with
 * `conversation.toolSearchActivated: true`, so `auto` stays on (`auto-sticky`)
 * even when the deferrable definitions fall below the threshold. An input
 * that already says `toolSearchActivated: true` is honoured as well. Turns
 * share a {@link PlanCache} (one is created unless `options.cache` is given).
 */
export function createConversationPolicy(options: ConversationPolicyOptions = {}): ConversationPolicy {
  let activated = false;
  const planOptions: PlanOptions = { ...options, cache: options.cache ?? createPlanCache() };
  const plan = (input: PolicyInput): ToolLoadingPlan => {
    const turn: PolicyInput = activated
      ? { ...input, conversation: { ...input.conversation, toolSearchActivated: true } }
      : input;
    const result = planToolLoading(turn, planOptions);
    if (result.decision.reason === 'auto-threshold-reached') activated = true;
    return result;
  };
  return {
    plan,
    decide: (input) => plan(input).decision,
    get toolSearchActivated() {
      return activated;
    },
    reset() {
      activated = false;
    },
  };
}
