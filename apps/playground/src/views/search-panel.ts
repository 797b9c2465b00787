import { DEFAULT_TRANSFORMERS_MODEL } from '@loadout/browser';
import type { EngineSearchResult, RankerAvailability } from '@loadout/browser';
import type { PlannedTool } from '@loadout/core';
import { DEFAULT_RANKER, isRankerName, rankerChoice, rankerHelp, rankerLabel } from '../search/ranker-choices.js';
import { h, replaceChildren } from './dom.js';
import { describeError, errorSlot, showError } from './error-view.js';
import { renderResults, updatePlacements } from './results-view.js';

/** The query box's placeholder: short enough to show whole in the box at desktop widths. */
export const QUERY_PLACEHOLDER = 'What should the agent do? e.g. refund a duplicate charge';

/** The placeholder on phone widths, where the example would be cut. */
const SHORT_QUERY_PLACEHOLDER = 'What should the agent do?';

/** Screens too narrow for the whole placeholder. */
const NARROW = '(max-width: 560px)';

/** What the search panel asks of the page; `at` is the `performance.now()` of the input event. */
export interface SearchPanelActions {
  readonly onQuery: (query: string, at: number) => void;
  readonly onRanker: (ranker: string, at: number) => void;
}

/** The search panel: query box, ranker picker, results, and example queries while the query is empty. */
export interface SearchPanel {
  readonly element: HTMLElement;
  setQuery(query: string): void;
  setRanker(ranker: string): void;
  /** Lists the engine's rankers (unavailable ones disabled, with their reason under the picker). */
  setRankers(choices: readonly RankerAvailability[]): void;
  setExamples(queries: readonly string[]): void;
  showResult(result: EngineSearchResult, plannedTools: ReadonlyMap<string, PlannedTool>): void;
  showError(error: unknown): void;
  /** Refreshes where each shown tool is loaded after a new plan. */
  updatePlacements(plannedTools: ReadonlyMap<string, PlannedTool>): void;
  /** Clears the results, with an optional line in their place. */
  clear(message?: string): void;
}

/** Creates the {@link SearchPanel}. */
export function createSearchPanel(actions: SearchPanelActions): SearchPanel {
  let choices: readonly RankerAvailability[] = [];
  const ranker = h('select', { id: 'ranker', 'aria-describedby': 'ranker-help' }, h('option', { value: DEFAULT_RANKER }, DEFAULT_RANKER));
  const rankerHelpLine = h('p', { id: 'ranker-help', class: 'hint' }, '');
  const helpFor = (name: string): string => rankerHelp(rankerChoice(choices, name));
  const query = h('input', {
    id: 'query',
    type: 'search',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: QUERY_PLACEHOLDER,
  });
  const exampleList = h('ul', { class: 'example-list' });
  const examples = h('section', { id: 'examples', class: 'examples', 'aria-labelledby': 'examples-heading' }, h('h3', { id: 'examples-heading' }, 'Try a request'), exampleList);
  const status = h('p', { id: 'search-status', class: 'status', 'aria-live': 'polite' });
  const error = errorSlot('search-error');
  const results = h('ol', { id: 'results', class: 'results', 'aria-label': 'Search results' });

  const narrow = typeof matchMedia === 'function' ? matchMedia(NARROW) : undefined;
  const fitPlaceholder = (): void => {
    query.placeholder = narrow?.matches === true ? SHORT_QUERY_PLACEHOLDER : QUERY_PLACEHOLDER;
  };
  fitPlaceholder();
  narrow?.addEventListener('change', fitPlaceholder);
  const emitQuery = (event: Event): void => actions.onQuery(query.value, event.timeStamp || performance.now());
  query.addEventListener('input', emitQuery);
  ranker.addEventListener('change', (event) => {
    const value = ranker.value;
    rankerHelpLine.textContent = helpFor(value);
    if (isRankerName(value) && rankerChoice(choices, value)?.available !== false) actions.onRanker(value, event.timeStamp || performance.now());
  });

  const element = h(
    'section',
    { id: 'search-panel', class: 'panel search', 'aria-labelledby': 'search-heading' },
    h('h2', { id: 'search-heading' }, 'Search'),
    h('label', { for: 'query' }, 'Query'),
    query,
    h('div', { class: 'ranker-row' }, h('label', { for: 'ranker' }, 'Ranker'), ranker, rankerHelpLine),
    error,
    status,
    results,
    examples,
  );

  return {
    element,
    setQuery(value) {
      query.value = value;
    },
    setRanker(value) {
      if (![...ranker.options].some((option) => option.value === value)) ranker.append(h('option', { value }, value));
      ranker.value = value;
      rankerHelpLine.textContent = helpFor(value);
    },
    setRankers(list) {
      choices = list;
      const selected = ranker.value;
      replaceChildren(
        ranker,
        list.map((choice) => h('option', { value: choice.name, ...(choice.available ? {} : { disabled: '' }) }, rankerLabel(choice))),
      );
      ranker.value = selected;
      rankerHelpLine.textContent = helpFor(selected);
    },
    setExamples(queries) {
      replaceChildren(
        exampleList,
        queries.map((text) =>
          h(
            'li',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'example',
                onclick: (event: Event) => {
                  query.value = text;
                  actions.onQuery(text, event.timeStamp || performance.now());
                },
              },
              text,
            ),
          ),
        ),
      );
    },
    showResult(result, plannedTools) {
      showError(error, undefined);
      const source = result.indexSource === 'restored' ? 'index restored from IndexedDB' : 'index built in this page';
      status.textContent = `${result.hits.length} ${result.hits.length === 1 ? 'result' : 'results'} · ${result.ranker} · ${result.elapsedMs.toFixed(1)} ms in the engine · ${source}`;
      examples.hidden = true;
      renderResults(results, result, plannedTools, query.value);
    },
    showError(value) {
      showError(error, value);
      if (describeError(value).code === 'model-unavailable') {
        error.append(
          h(
            'span',
            { class: 'error-hint' },
            'In the playground, the model folder goes under ',
            h('code', {}, 'apps/playground/public/models/'),
            ' (for ',
            h('code', {}, 'pnpm playground'),
            ') or ',
            h('code', {}, 'dist/models/'),
            ' of a built page, e.g. ',
            h('code', {}, `models/${DEFAULT_TRANSFORMERS_MODEL}/config.json`),
            '.',
          ),
        );
      }
      status.textContent = '';
      replaceChildren(results);
      examples.hidden = query.value.trim() !== '';
    },
    updatePlacements(plannedTools) {
      updatePlacements(results, plannedTools);
    },
    clear(message = '') {
      showError(error, undefined);
      status.textContent = message;
      replaceChildren(results);
      examples.hidden = query.value.trim() !== '';
    },
  };
}
