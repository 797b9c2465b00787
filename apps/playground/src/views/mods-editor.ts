import type { ToolLoadingPlan } from '@loadout/core';
import type { ModRuleState } from '../state/playground-state.js';
import { PLAYGROUND_MOD_NAME } from '../state/plan-input.js';
import { h, replaceChildren } from './dom.js';

/** The declarative mods editor: one row per rule (server, tool glob, defer or pin). */
export interface ModsEditor {
  readonly element: HTMLElement;
  setRules(rules: readonly ModRuleState[]): void;
  /** Offers these server names in the server fields. */
  setServers(servers: readonly string[]): void;
  /** Shows what the rules did in `plan`. */
  showEffect(plan: ToolLoadingPlan): void;
}

/** Creates the {@link ModsEditor}; `onChange` receives every rule after each edit. */
export function createModsEditor(initial: readonly ModRuleState[], onChange: (rules: ModRuleState[]) => void): ModsEditor {
  let rules: ModRuleState[] = initial.map((rule) => ({ ...rule }));
  const list = h('ol', { id: 'mod-rules', class: 'mod-rules' });
  const servers = h('datalist', { id: 'server-names' });
  const effect = h('div', { id: 'mod-effect', class: 'status', 'aria-live': 'polite' });

  const emit = (): void => onChange(rules.map((rule) => ({ ...rule })));

  const row = (rule: ModRuleState, index: number): HTMLElement => {
    const number = index + 1;
    const server = h('input', { type: 'text', list: 'server-names', value: rule.server, placeholder: 'any server', 'aria-label': `Rule ${number} server`, class: 'rule-server', spellcheck: 'false' });
    const tool = h('input', { type: 'text', value: rule.tool, placeholder: 'any tool (glob: create_*)', 'aria-label': `Rule ${number} tool glob`, class: 'rule-tool', spellcheck: 'false' });
    const action = h(
      'select',
      { 'aria-label': `Rule ${number} action`, class: 'rule-action' },
      h('option', { value: 'defer' }, 'defer'),
      h('option', { value: 'pin' }, 'pin upfront'),
    );
    action.value = rule.action;
    const update = (): void => {
      rules[index] = { server: server.value, tool: tool.value, action: action.value === 'pin' ? 'pin' : 'defer' };
      emit();
    };
    server.addEventListener('input', update);
    tool.addEventListener('input', update);
    action.addEventListener('change', update);
    const remove = h(
      'button',
      {
        type: 'button',
        class: 'icon',
        'aria-label': `Remove rule ${number}`,
        onclick: () => {
          rules = rules.filter((_, position) => position !== index);
          render();
          emit();
        },
      },
      '×',
    );
    return h('li', { class: 'mod-rule' }, server, tool, action, remove);
  };

  const render = (): void => {
    replaceChildren(list, rules.length === 0 ? h('li', { class: 'muted empty' }, 'No rules: every tool keeps its own placement.') : rules.map(row));
  };

  const add = h(
    'button',
    {
      id: 'add-rule',
      type: 'button',
      class: 'secondary',
      onclick: () => {
        rules.push({ server: '', tool: '', action: rules.length === 0 ? 'pin' : 'defer' });
        render();
        list.querySelector<HTMLInputElement>('li:last-child .rule-server')?.focus();
        emit();
      },
    },
    'Add rule',
  );

  const element = h(
    'section',
    { id: 'mods-panel', class: 'panel', 'aria-labelledby': 'mods-heading' },
    h('h2', { id: 'mods-heading' }, 'Mods'),
    h('p', { class: 'hint' }, 'Declarative rules, applied in order; the last matching rule decides. Core built-ins cannot be moved.'),
    list,
    servers,
    h('div', { class: 'button-row' }, add),
    effect,
  );
  render();

  return {
    element,
    setRules(next) {
      rules = next.map((rule) => ({ ...rule }));
      render();
    },
    setServers(names) {
      replaceChildren(servers, names.map((name) => h('option', { value: name })));
    },
    showEffect(plan) {
      const moved = plan.tools.filter((tool) => tool.why === 'mod' && tool.decidedBy === PLAYGROUND_MOD_NAME);
      const warnings = plan.decision.warnings.filter((warning) => warning.code.startsWith('mod-') || warning.code === 'invalid-mod');
      if (rules.length === 0 && warnings.length === 0) {
        replaceChildren(effect);
        return;
      }
      const pinned = moved.filter((tool) => !tool.deferred).length;
      replaceChildren(
        effect,
        h('p', {}, h('strong', {}, String(moved.length)), ` tools placed by these rules (${pinned} upfront, ${moved.length - pinned} deferred)`),
        moved.length === 0
          ? null
          : h(
              'ul',
              { class: 'moved' },
              moved.slice(0, 6).map((tool) => h('li', {}, h('code', {}, tool.displayName), tool.deferred ? ' → deferred' : ' → upfront')),
              moved.length > 6 ? h('li', { class: 'muted' }, `and ${moved.length - 6} more`) : null,
            ),
        warnings.map((warning) => h('p', { class: 'warning' }, h('code', {}, warning.code), ' ', warning.message)),
      );
    },
  };
}
