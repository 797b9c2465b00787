import { clampText } from '@loadout/browser';
import type { IgnoredSetting } from '../state/url-state.js';
import { h, replaceChildren } from './dom.js';

/** Characters of an ignored value shown (a link may hold a long one). */
const VALUE_SHOWN = 60;

/** A notice above the results naming what of a shared link the page did not use, and why; hidden while there is none. */
export interface LinkNotice {
  readonly element: HTMLElement;
  /** Adds settings to the notice (a ranker the engine lacks is known only once its list arrives). */
  add(ignored: readonly IgnoredSetting[]): void;
}

/** Creates the {@link LinkNotice}. */
export function createLinkNotice(): LinkNotice {
  const shown: IgnoredSetting[] = [];
  const list = h('ul', {});
  const element = h(
    'div',
    { id: 'link-notice', class: 'link-notice', role: 'status', hidden: true },
    h('p', {}, 'This link had settings the page could not use; it shows the defaults for them:'),
    list,
  );
  return {
    element,
    add(ignored) {
      if (ignored.length === 0) return;
      shown.push(...ignored);
      replaceChildren(
        list,
        shown.map((setting) => h('li', {}, h('code', {}, `${setting.key}=${clampText(setting.value, VALUE_SHOWN)}`), `: ${setting.reason}.`)),
      );
      element.hidden = false;
    },
  };
}
