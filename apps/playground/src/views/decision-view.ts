import type { EnginePlan } from '@loadout/browser';
import { h, formatCount, replaceChildren } from './dom.js';

/** The decision: on or off, its reason code, mode and threshold, warnings, and the rule trace. */
export interface DecisionView {
  readonly element: HTMLElement;
  /** Shows a plan; `estimated` marks one counted with core's estimate while the exact counts are on their way. */
  show(plan: EnginePlan, estimated?: boolean): void;
  showPending(text: string): void;
}

/** Creates the {@link DecisionView}. */
export function createDecisionView(): DecisionView {
  const body = h('div', { id: 'decision', 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Waiting for a catalog…'));
  const element = h('section', { id: 'decision-panel', class: 'panel', 'aria-labelledby': 'decision-heading' }, h('h2', { id: 'decision-heading' }, 'Decision'), body);
  return {
    element,
    showPending(text) {
      replaceChildren(body, h('p', { class: 'muted' }, text));
    },
    show(plan, estimated = false) {
      const decision = plan.decision;
      const on = decision.toolSearch === 'on';
      const threshold =
        decision.thresholdTokens === null
          ? null
          : h('p', {}, `auto threshold ${decision.thresholdPercent}% of ${formatCount(decision.contextWindow)} = ${formatCount(decision.thresholdTokens)} tokens; deferrable ${formatCount(decision.deferrableTokens)}`);
      replaceChildren(
        body,
        h(
          'div',
          { class: 'decision-head' },
          h('span', { id: 'decision-state', class: `state ${on ? 'on' : 'off'}`, 'data-state': decision.toolSearch }, `Tool search ${decision.toolSearch}`),
          h('code', { id: 'decision-reason', class: 'reason', title: 'reason code' }, decision.reason),
        ),
        h(
          'p',
          { class: 'muted' },
          `mode ${decision.mode} · context ${formatCount(decision.contextWindow)} · ${formatCount(decision.upfront.length)} upfront · ${formatCount(decision.deferred.length)} deferred`,
        ),
        threshold,
        estimated ? h('p', { id: 'plan-estimated', class: 'note' }, 'Token counts are estimates (within about 10%) until tiktoken has counted them, in a moment.') : null,
        decision.warnings.length === 0
          ? null
          : h('ul', { id: 'decision-warnings', class: 'warnings' }, decision.warnings.map((warning) => h('li', {}, h('code', {}, warning.code), ' ', warning.message))),
        h('h3', {}, 'Trace'),
        h('ol', { id: 'decision-trace', class: 'trace' }, decision.trace.map((line) => h('li', {}, line))),
      );
    },
  };
}
