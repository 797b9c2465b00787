import type { SearchHit } from '@loadout/core';
import { element } from './element-dom.js';
import { ExplanationPanel } from './explanation-panel.js';
import { renderHit } from './render-hit.js';

/** What the combobox asks of `<loadout-search>`. */
export interface ResultsComboboxHandlers {
  /** The user picked `hit` (Enter or a click); the list is already closed. */
  readonly onPick: (hit: SearchHit) => void;
  /** Escape on a closed list emptied the box. */
  readonly onClear: () => void;
}

/**
 * The box and its results as the ARIA combobox pattern: the input
 * (`role=combobox`), the listbox of results, the active option
 * (`aria-activedescendant`, only while the list shows), and the keys: Arrow keys move through the
 * list, Enter picks, Escape closes, then clears.
 */
export class ResultsCombobox {
  /** The search box (`part=input`, `role=combobox`). */
  readonly input: HTMLInputElement;
  /** The results (`part=listbox`), hidden while there are none or the list is closed. */
  readonly listbox: HTMLUListElement;
  /** The Explain button and panel for the active result. */
  readonly explanation: ExplanationPanel;
  readonly #handlers: ResultsComboboxHandlers;
  #hits: readonly SearchHit[] = [];
  #active = -1;

  constructor(handlers: ResultsComboboxHandlers) {
    this.#handlers = handlers;
    this.input = element('input', {
      type: 'text',
      part: 'input',
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': 'listbox',
      autocomplete: 'off',
      spellcheck: 'false',
    });
    this.listbox = element('ul', { id: 'listbox', role: 'listbox', part: 'listbox', 'aria-label': 'Tools found' });
    this.listbox.hidden = true;
    this.explanation = new ExplanationPanel(() => this.#hits[this.#active]);
    this.input.addEventListener('keydown', (event) => this.#onKey(event));
    this.listbox.addEventListener('mousedown', (event) => event.preventDefault());
    this.listbox.addEventListener('click', (event) => {
      const option = (event.target as Element).closest('[role=option]');
      const index = option === null ? -1 : [...this.listbox.children].indexOf(option);
      if (index >= 0) this.#pick(index);
    });
  }

  /** Lists `hits` (none closes the list), the first one active. */
  show(hits: readonly SearchHit[]): void {
    this.#hits = hits;
    this.listbox.replaceChildren(...hits.map((hit, index) => renderHit(hit, `option-${index}`)));
    this.#setExpanded(hits.length > 0);
    this.#setActive(hits.length > 0 ? 0 : -1);
  }

  #setExpanded(expanded: boolean): void {
    this.listbox.hidden = !expanded;
    this.input.setAttribute('aria-expanded', String(expanded));
    this.#pointAtActive();
    this.explanation.setAvailable(expanded);
  }

  #setActive(index: number): void {
    this.#active = index;
    for (const [position, option] of [...this.listbox.children].entries()) option.setAttribute('aria-selected', String(position === index));
    this.#pointAtActive();
    if (index >= 0 && !this.listbox.hidden) this.#scrollToActive(index);
    this.explanation.refresh();
  }

  /** `aria-activedescendant` names the active option only while the list shows: a hidden list (after Enter or Escape) has no active descendant. */
  #pointAtActive(): void {
    if (this.#active < 0 || this.listbox.hidden) this.input.removeAttribute('aria-activedescendant');
    else this.input.setAttribute('aria-activedescendant', `option-${this.#active}`);
  }

  /** Scrolls the list (only the list, never the page, so the box stays in view) until the option at `index` shows whole. */
  #scrollToActive(index: number): void {
    const option = this.listbox.children[index] as HTMLElement | undefined;
    if (option === undefined) return;
    const list = this.listbox;
    const top = option.offsetTop;
    const bottom = top + option.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  #onKey(event: KeyboardEvent): void {
    const count = this.#hits.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      if (this.listbox.hidden) this.#setExpanded(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.#setActive(this.#active < 0 ? 0 : (this.#active + step + count) % count);
    } else if (event.key === 'Enter') {
      if (this.#active < 0 || this.listbox.hidden) return;
      event.preventDefault();
      this.#pick(this.#active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (!this.listbox.hidden) this.#setExpanded(false);
      else {
        this.input.value = '';
        this.#handlers.onClear();
      }
    }
  }

  #pick(index: number): void {
    const hit = this.#hits[index];
    if (hit === undefined) return;
    this.#setActive(index);
    this.#setExpanded(false);
    this.#handlers.onPick(hit);
  }
}
