import { h } from '../views/dom.js';

/** The page's regions, filled by the panels. */
export interface PlaygroundLayout {
  readonly root: HTMLElement;
  readonly controls: HTMLElement;
  readonly main: HTMLElement;
  readonly insights: HTMLElement;
}

/** Builds the page: a header, then controls, search and insights in a three-column grid (one column on narrow screens). */
export function createLayout(onCopyLink: () => Promise<boolean>): PlaygroundLayout {
  const copied = h('span', { class: 'copied', 'aria-live': 'polite' });
  const copy = h(
    'button',
    {
      id: 'copy-link',
      type: 'button',
      class: 'secondary',
      onclick: () => {
        void onCopyLink().then((ok) => {
          copied.textContent = ok ? 'Link copied' : 'The address bar holds the link';
          setTimeout(() => (copied.textContent = ''), 2500);
        });
      },
    },
    'Copy link',
  );
  const controls = h('div', { class: 'column controls' });
  const main = h('main', { class: 'column results-column', id: 'main' });
  const insights = h('div', { class: 'column insights' });
  const root = h(
    'div',
    { class: 'app' },
    h(
      'header',
      { class: 'app-header' },
      h('div', {}, h('h1', {}, 'Loadout ', h('span', { class: 'light' }, 'playground')), h('p', { class: 'tagline' }, 'Search a tool catalog, see the tool-search decision and where the tokens go. Everything runs in this page.')),
      h('div', { class: 'header-actions' }, copied, copy),
    ),
    controls,
    main,
    insights,
  );
  return { root, controls, main, insights };
}
