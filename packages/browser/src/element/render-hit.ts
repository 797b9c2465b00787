import type { CatalogTool, ScoreExplanation, SearchHit } from '@loadout/core';
import { element } from './element-dom.js';
import { highlightSegments } from './highlight.js';

/** Characters of a description rendered (the styles clamp it to two lines) and kept in its `title`: a huge one costs neither the DOM nor the call stack. */
const DESCRIPTION_SHOWN = 400;
const TITLE_SHOWN = 2000;

/** `text` cut to at most `max` characters, at a space when one is near the end, with an ellipsis. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space >= max * 0.8 ? space : max - 1).trimEnd()}…`;
}

function highlighted(text: string, terms: readonly string[]): (Node | string)[] {
  return highlightSegments(text, terms).map((segment) => (segment.match ? element('mark', {}, segment.text) : segment.text));
}

/** A score as the list shows it: three decimals, one from 100 up. */
export function formatScore(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(3);
}

/** A tool as headings name it: `create_issue (server github)`, or its name alone when it has no server. */
export function toolLabel(tool: Pick<CatalogTool, 'name' | 'server'>): string {
  return tool.server === null ? tool.name : `${tool.name} (server ${tool.server})`;
}

/**
 * One result as a listbox option (`id`, `aria-selected` false), its matched
 * terms marked in the name and description, and its server (`part=server`)
 * beside the name, so tools of one name on several servers can be told apart.
 * The server and the description carry their text as `title`, as the
 * styles cut them (an ellipsis, two lines); a description is rendered up to
 * 400 characters and titled up to 2,000.
 */
export function renderHit(hit: SearchHit, id: string): HTMLLIElement {
  const terms = hit.explanation?.matchedTerms ?? [];
  const { tool } = hit;
  const server =
    tool.server === null ? [] : [' ', element('span', { class: 'server', part: 'server', title: tool.server }, element('span', { class: 'sr-only' }, 'server '), tool.server)];
  const description = tool.description === '' ? '(no description)' : tool.description;
  const shown = clampText(description, DESCRIPTION_SHOWN);
  return element(
    'li',
    { id, role: 'option', part: 'option', 'aria-selected': 'false', 'data-tool': tool.displayName },
    element('span', { class: 'title' }, element('span', { class: 'name', part: 'name' }, ...highlighted(tool.name, terms)), ...server),
    element('span', { class: 'score', part: 'score' }, element('span', { class: 'sr-only' }, 'score '), formatScore(hit.score)),
    element('span', { class: 'description', part: 'description', title: clampText(description, TITLE_SHOWN) }, ...highlighted(shown, terms)),
  );
}

function contributions(title: string, values: Readonly<Record<string, number>>): Node[] {
  const entries = Object.entries(values).filter(([, value]) => Number.isFinite(value));
  if (entries.length === 0) return [];
  return [element('strong', {}, title), element('dl', {}, ...entries.flatMap(([name, value]) => [element('dt', {}, name), element('dd', {}, formatScore(value))]))];
}

/** The body of the explanation panel for one hit (`name` as {@link toolLabel} gives it): matched terms, then field and component contributions, then notes. */
export function renderExplanation(name: string, explanation: ScoreExplanation | undefined): Node[] {
  if (explanation === undefined) return [element('p', {}, `The ranker gave no explanation for ${name}.`)];
  return [
    element('p', {}, `Why ${name}: matched `, explanation.matchedTerms.length === 0 ? 'no terms' : explanation.matchedTerms.join(', '), '.'),
    ...contributions('Fields', explanation.fields),
    ...contributions('Components', explanation.components),
    ...explanation.notes.map((note) => element('p', {}, note)),
  ];
}
