import { PROVIDERS } from '@loadout/core';
import type { Provider } from '@loadout/core';
import type { PolicyState } from '../state/playground-state.js';
import { h } from './dom.js';

/** Model ids in several providers' forms, offered as suggestions. */
const MODEL_EXAMPLES = [
  'claude-sonnet-4-5',
  'claude-opus-4-5',
  'claude-haiku-4-5',
  'claude-sonnet-4-5[1m]',
  'claude-3-5-sonnet-20241022',
  'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  'claude-opus-4-1@20250805',
  'opus',
];

const ENV_MODES = [
  ['', 'unset'],
  ['true', 'true'],
  ['false', 'false'],
  ['auto', 'auto (10%)'],
  ['auto:N', 'auto:N'],
] as const;

/** Selects `value`, adding it as an option first when the list lacks it (a value from a shared URL). */
function selectValue(select: HTMLSelectElement, value: string): void {
  if (![...select.options].some((option) => option.value === value)) {
    select.append(h('option', { value }, `${JSON.stringify(value)} (custom)`));
  }
  select.value = value;
}

/** The policy form. */
export interface PolicyPanel {
  readonly element: HTMLElement;
  /** Fills the form (from a shared URL). */
  setState(policy: PolicyState): void;
}

/** An environment variable's name as a label: it may wrap after each `_` (never past its column), and reads and copies as one word. */
function envName(name: string): HTMLElement {
  return h('code', {}, name.split(/(?<=_)/).flatMap((part, index) => (index === 0 ? [part] : [h('wbr'), part])));
}

function field(id: string, label: string | Node, control: HTMLElement, hint?: string): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint === undefined ? null : h('span', { class: 'hint' }, hint));
}

function check(id: string, label: string): [HTMLElement, HTMLInputElement] {
  const input = h('input', { id, type: 'checkbox' });
  return [h('div', { class: 'check' }, input, h('label', { for: id }, label)), input];
}

/** Creates the {@link PolicyPanel}; `onChange` receives the whole policy after every edit. */
export function createPolicyPanel(initial: PolicyState, onChange: (policy: PolicyState) => void): PolicyPanel {
  const envMode = h('select', { id: 'env-mode' }, ENV_MODES.map(([value, label]) => h('option', { value }, label)));
  const envPercent = h('input', { id: 'env-percent', type: 'number', min: 0, max: 100, step: 'any', value: '10', 'aria-label': 'auto threshold percent' });
  const model = h('input', { id: 'model', type: 'text', list: 'model-examples', autocomplete: 'off', spellcheck: 'false' });
  const provider = h('select', { id: 'provider' }, PROVIDERS.map((name) => h('option', { value: name }, name)));
  const sdkVersion = h('input', { id: 'sdk-version', type: 'text', placeholder: 'newest', autocomplete: 'off', spellcheck: 'false' });
  const baseUrl = h('input', { id: 'base-url', type: 'url', placeholder: 'https://api.anthropic.com', autocomplete: 'off', spellcheck: 'false' });
  const betas = h(
    'select',
    { id: 'disable-betas' },
    h('option', { value: '' }, 'unset'),
    h('option', { value: '1' }, '1 (betas disabled)'),
    h('option', { value: '0' }, '0'),
  );
  const contextWindow = h('input', { id: 'context-window', type: 'text', inputmode: 'numeric', placeholder: "model's own (200,000)", autocomplete: 'off' });
  const [hipaaRow, hipaa] = check('hipaa', 'HIPAA session');
  const [keepRow, keepOn] = check('keep-on', 'Managed setting: keep tool search on');
  const [activatedRow, activated] = check('activated', 'Already activated in this conversation');

  const read = (): PolicyState => {
    const percent = envPercent.value.trim() === '' ? '10' : envPercent.value.trim();
    return {
      enableToolSearch: envMode.value === 'auto:N' ? `auto:${percent}` : envMode.value,
      model: model.value,
      provider: provider.value as Provider,
      sdkVersion: sdkVersion.value,
      baseUrl: baseUrl.value,
      disableBetas: betas.value,
      hipaa: hipaa.checked,
      contextWindow: contextWindow.value,
      keepToolSearchOn: keepOn.checked,
      toolSearchActivated: activated.checked,
    };
  };
  const syncPercent = (): void => {
    envPercent.disabled = envMode.value !== 'auto:N';
  };

  const form = h(
    'form',
    { class: 'policy-form', onsubmit: (event: Event) => event.preventDefault() },
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'env-mode' }, envName('ENABLE_TOOL_SEARCH')),
      h('div', { class: 'inline' }, envMode, envPercent, h('span', { class: 'unit', 'aria-hidden': 'true' }, '%')),
    ),
    field('model', 'Model id', model),
    h('datalist', { id: 'model-examples' }, MODEL_EXAMPLES.map((value) => h('option', { value }))),
    field('provider', 'Provider', provider),
    field('sdk-version', 'SDK version', sdkVersion),
    field('base-url', envName('ANTHROPIC_BASE_URL'), baseUrl),
    field('disable-betas', envName('CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS'), betas),
    field('context-window', 'Context window (tokens)', contextWindow),
    h('fieldset', { class: 'checks' }, h('legend', {}, 'Session'), hipaaRow, keepRow, activatedRow),
  );
  form.addEventListener('input', () => {
    syncPercent();
    onChange(read());
  });
  form.addEventListener('change', () => {
    syncPercent();
    onChange(read());
  });

  const element = h('section', { id: 'policy-panel', class: 'panel', 'aria-labelledby': 'policy-heading' }, h('h2', { id: 'policy-heading' }, 'Policy inputs'), form);

  const panel: PolicyPanel = {
    element,
    setState(policy) {
      const env = policy.enableToolSearch;
      const percent = /^auto:(.+)$/.exec(env)?.[1];
      if (percent !== undefined) {
        envMode.value = 'auto:N';
        envPercent.value = percent;
      } else {
        selectValue(envMode, env);
      }
      model.value = policy.model;
      selectValue(provider, policy.provider);
      sdkVersion.value = policy.sdkVersion;
      baseUrl.value = policy.baseUrl;
      selectValue(betas, policy.disableBetas);
      contextWindow.value = policy.contextWindow;
      hipaa.checked = policy.hipaa;
      keepOn.checked = policy.keepToolSearchOn;
      activated.checked = policy.toolSearchActivated;
      syncPercent();
    },
  };
  panel.setState(initial);
  return panel;
}
