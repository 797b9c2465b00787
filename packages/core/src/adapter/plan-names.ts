import type { DeferralPlan } from '../plan/plan-types.js';

/** The API names a deferral plan sends upfront and the ones it defers, each in catalog order. */
export function planNames(plan: DeferralPlan): { readonly upfront: string[]; readonly deferred: string[] } {
  const upfront: string[] = [];
  const deferred: string[] = [];
  for (const tool of plan.tools) (tool.deferred ? deferred : upfront).push(tool.apiName);
  return { upfront, deferred };
}
