import type { ScoreExplanation } from '@loadout/core';
import { h } from './dom.js';

function formatScore(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(3);
}

function contributionList(title: string, values: Readonly<Record<string, number>>): HTMLElement | null {
  const entries = Object.entries(values).filter(([, value]) => Number.isFinite(value));
  if (entries.length === 0) return null;
  const largest = Math.max(...entries.map(([, value]) => Math.abs(value)), Number.EPSILON);
  return h(
    'div',
    { class: 'contributions' },
    h('h4', {}, title),
    h(
      'dl',
      {},
      entries.map(([name, value]) => [
        h('dt', {}, name),
        h(
          'dd',
          {},
          h(
            'span',
            { class: 'meter', 'aria-hidden': 'true' },
            h('span', { class: 'meter-fill', 'data-value': value, style: `width:${((Math.abs(value) / largest) * 100).toFixed(2)}%` }),
          ),
          h('span', { class: 'value' }, formatScore(value)),
        ),
      ]),
    ),
  );
}

/** The body of a hit's expandable row: matched terms, field and component contributions, notes. */
export function renderExplanation(explanation: ScoreExplanation | undefined): HTMLElement {
  if (explanation === undefined) return h('p', { class: 'muted' }, 'This ranker gave no explanation.');
  return h(
    'div',
    { class: 'explanation' },
    h(
      'p',
      {},
      h('span', { class: 'muted' }, 'Matched terms: '),
      explanation.matchedTerms.length === 0 ? h('span', { class: 'muted' }, 'none') : explanation.matchedTerms.map((term) => [h('mark', {}, term), ' ']),
    ),
    h(
      'div',
      { class: 'contribution-grid' },
      contributionList('Fields', explanation.fields),
      contributionList('Components', explanation.components),
    ),
    explanation.notes.length === 0 ? null : h('ul', { class: 'notes' }, explanation.notes.map((note) => h('li', {}, note))),
  );
}

export { formatScore };
