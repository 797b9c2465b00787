import type { SearchHit } from '@loadout/core';
import { element } from './element-dom.js';
import { renderExplanation, toolLabel } from './render-hit.js';

/** The Explain button of `<loadout-search>` and the region it opens, explaining the active result. */
export class ExplanationPanel {
  /** The Explain button (`part=explain`), shown while there are results. */
  readonly button: HTMLButtonElement;
  /** The explanation (`part=explanation`, `role=region`), hidden until the button opens it. */
  readonly region: HTMLDivElement;
  /** The result to explain: the active one. */
  readonly #current: () => SearchHit | undefined;

  constructor(current: () => SearchHit | undefined) {
    this.#current = current;
    this.button = element('button', { type: 'button', part: 'explain', 'aria-expanded': 'false', 'aria-controls': 'explanation' }, 'Explain');
    this.button.hidden = true;
    this.region = element('div', { id: 'explanation', class: 'explanation', part: 'explanation', role: 'region', 'aria-label': 'Why this tool' });
    this.region.hidden = true;
    this.button.addEventListener('click', () => this.#toggle());
  }

  /** Shows the button while there are results to explain; hiding it closes the region. */
  setAvailable(available: boolean): void {
    this.button.hidden = !available;
    if (!available) this.#close();
  }

  /** Explains the current result again when the region is open (the active result changed). */
  refresh(): void {
    if (!this.region.hidden) this.#fill();
  }

  #fill(): void {
    const hit = this.#current();
    this.region.replaceChildren(...(hit === undefined ? [] : renderExplanation(toolLabel(hit.tool), hit.explanation)));
  }

  #toggle(): void {
    if (!this.region.hidden) {
      this.#close();
      return;
    }
    this.#fill();
    this.region.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.button.textContent = 'Hide explanation';
  }

  #close(): void {
    this.region.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    this.button.textContent = 'Explain';
  }
}
