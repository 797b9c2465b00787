import { describe, expect, it } from 'vitest';
import { policyInput } from './__fixtures__/policy-inputs.js';
import { createConversationPolicy } from './conversation-policy.js';

const auto = { env: { ENABLE_TOOL_SEARCH: 'auto' } };

describe('createConversationPolicy', () => {
  it('remembers an auto activation across turns', () => {
    const policy = createConversationPolicy();
    expect(policy.decide(policyInput(auto, 5_000)).reason).toBe('auto-below-threshold');
    expect(policy.toolSearchActivated).toBe(false);
    expect(policy.decide(policyInput(auto, 25_000)).reason).toBe('auto-threshold-reached');
    expect(policy.toolSearchActivated).toBe(true);
    const later = policy.decide(policyInput(auto, 5_000));
    expect(later.reason).toBe('auto-sticky');
    expect(later.deferred).toHaveLength(2);
  });

  it('forgets the activation on reset', () => {
    const policy = createConversationPolicy();
    policy.decide(policyInput(auto, 25_000));
    policy.reset();
    expect(policy.toolSearchActivated).toBe(false);
    expect(policy.decide(policyInput(auto, 5_000)).reason).toBe('auto-below-threshold');
  });

  it('is not activated by modes other than auto', () => {
    const policy = createConversationPolicy();
    policy.decide(policyInput({ env: { ENABLE_TOOL_SEARCH: 'true' } }, 25_000));
    policy.decide(policyInput({}, 25_000));
    expect(policy.toolSearchActivated).toBe(false);
    expect(policy.decide(policyInput(auto, 5_000)).reason).toBe('auto-below-threshold');
  });

  it('honours an input that says it was already activated, without remembering it', () => {
    const policy = createConversationPolicy();
    const sticky = policy.decide(policyInput({ ...auto, conversation: { toolSearchActivated: true } }, 5_000));
    expect(sticky.reason).toBe('auto-sticky');
    expect(policy.toolSearchActivated).toBe(false);
  });

  it('plans with the same stickiness', () => {
    const policy = createConversationPolicy();
    policy.plan(policyInput(auto, 25_000));
    const plan = policy.plan(policyInput(auto, 5_000));
    expect(plan.decision.reason).toBe('auto-sticky');
    expect(plan.deferredTokens).toBe(5_000);
  });

  it('keeps separate conversations apart', () => {
    const first = createConversationPolicy();
    const second = createConversationPolicy();
    first.decide(policyInput(auto, 25_000));
    expect(second.decide(policyInput(auto, 5_000)).reason).toBe('auto-below-threshold');
  });
});
