import { clampText, highlightSegments } from '@loadout/browser';
import type { EngineSearchResult } from '@loadout/browser';
import type { PlannedTool, SearchHit } from '@loadout/core';
import { h, formatCount, replaceChildren } from './dom.js';
import { formatScore, renderExplanation } from './explanation-view.js';

/** Characters of a description shown at first, as `<loadout-search>` shows them: a huge one costs neither the layout nor the DOM until asked for. */
export const DESCRIPTION_SHOWN = 400;

function highlighted(text: string, terms: readonly string[]): (Node | string)[] {
  return highlightSegments(text, terms).map((segment) => (segment.match ? h('mark', {}, segment.text) : segment.text));
}

/** A description with its matched terms marked, cut to {@link DESCRIPTION_SHOWN} characters with a button that shows the rest. */
function description(text: string, terms: readonly string[]): HTMLElement {
  const paragraph = h('p', { class: 'hit-description' }, highlighted(clampText(text, DESCRIPTION_SHOWN), terms));
  if (text.length <= DESCRIPTION_SHOWN) return paragraph;
  const more = h('button', { type: 'button', class: 'more', onclick: () => replaceChildren(paragraph, highlighted(text, terms)) }, `Show all ${formatCount(text.length)} characters`);
  paragraph.append(' ', more);
  return paragraph;
}

function placement(planned: PlannedTool | undefined): HTMLElement | null {
  if (planned === undefined) return null;
  return planned.deferred
    ? h('span', { class: 'badge deferred', title: `deferred (${planned.why})` }, 'deferred')
    : h('span', { class: 'badge upfront', title: `loaded upfront (${planned.why})` }, 'upfront');
}

function renderHit(hit: SearchHit, rank: number, planned: PlannedTool | undefined): HTMLElement {
  const terms = hit.explanation?.matchedTerms ?? [];
  const tool = hit.tool;
  return h(
    'li',
    { class: 'hit', 'data-tool': tool.displayName },
    h(
      'div',
      { class: 'hit-head' },
      h('span', { class: 'rank' }, h('span', { class: 'visually-hidden' }, 'rank '), String(rank)),
      // Name and badges wrap inside the middle column; rank and score keep their columns on every row.
      h('span', { class: 'hit-title' }, h('span', { class: 'tool-name' }, highlighted(tool.name, terms)), tool.server === null ? null : h('span', { class: 'badge server', title: tool.server }, tool.server), placement(planned)),
      h('span', { class: 'score', title: 'score (comparable within this list only)' }, formatScore(hit.score)),
    ),
    description(tool.description === '' ? '(no description)' : tool.description, terms),
    h('details', { class: 'why' }, h('summary', {}, 'Explain this score', h('span', { class: 'visually-hidden' }, ` of ${tool.displayName}`)), renderExplanation(hit.explanation)),
  );
}

/** What an empty result list says: why, for a query without a letter or digit (emoji, punctuation), as `<loadout-search>` does. */
export function noMatchText(query: string): string {
  return query.trim() !== '' && !/[\p{L}\p{N}]/u.test(query) ? 'No tool matches: the query has no letters or digits to search for.' : 'No tool matches this query.';
}

/** Renders a result list for `query` into `list`; `plannedTools` (by display name) adds where each tool is loaded. */
export function renderResults(list: HTMLElement, result: EngineSearchResult, plannedTools: ReadonlyMap<string, PlannedTool>, query = ''): void {
  replaceChildren(
    list,
    result.hits.length === 0 ? h('li', { class: 'empty' }, noMatchText(query)) : result.hits.map((hit, index) => renderHit(hit, index + 1, plannedTools.get(hit.tool.displayName))),
  );
}

/** Updates the deferred / upfront badges of the results on the page after a new plan. */
export function updatePlacements(list: HTMLElement, plannedTools: ReadonlyMap<string, PlannedTool>): void {
  for (const item of list.querySelectorAll<HTMLElement>('li.hit')) {
    const title = item.querySelector('.hit-title');
    if (title === null) continue;
    title.querySelector('.badge.deferred, .badge.upfront')?.remove();
    const badge = placement(plannedTools.get(item.dataset['tool'] ?? ''));
    if (badge !== null) title.append(badge);
  }
}
