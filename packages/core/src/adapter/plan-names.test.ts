import { describe, expect, it } from 'vitest';
import type { DeferralPlan } from '../plan/plan-types.js';
import { planNames } from './plan-names.js';

describe('planNames', () => {
  it('splits a plan into upfront and deferred API names, keeping catalog order', () => {
    const plan = { tools: [{ apiName: 'a', deferred: false }, { apiName: 'b', deferred: true }, { apiName: 'c', deferred: false }, { apiName: 'd', deferred: true }] } as unknown as DeferralPlan;
    expect(planNames(plan)).toEqual({ upfront: ['a', 'c'], deferred: ['b', 'd'] });
  });
});
