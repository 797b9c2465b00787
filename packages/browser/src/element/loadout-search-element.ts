import type { EngineConfig } from '../engine/engine-options.js';
import type { LoadoutEngine } from '../engine/engine-types.js';
import { isCancelledError } from '../shared/cancelled.js';
import { createWorkerEngine } from '../worker/create-worker-engine.js';
import { CatalogLoader } from './catalog-loader.js';
import { adoptStyles } from './adopt-styles.js';
import { element } from './element-dom.js';
import { elementError } from './element-error.js';
import { createElementWorker, elementWorkerUrl, workerStartError } from './element-worker.js';
import { dispatchLoadoutEvent, errorDetail } from './element-events.js';
import type { LoadoutSelectDetail } from './element-events.js';
import { readBoxText, readLimit, readRanker } from './element-settings.js';
import { ELEMENT_STYLES } from './element-styles.js';
import { ResultsCombobox } from './results-combobox.js';
import { blockedText, foundText, searchFailedText, selectedText } from './status-messages.js';

/** The default engine: a worker engine on `loadout-search-worker.js` beside this module. */
const createDefaultEngine = (config: EngineConfig): LoadoutEngine => createWorkerEngine(createElementWorker, config);

/**
 * `<loadout-search>`: a tool-search box. Attributes: `catalog` (URL of a
 * JSON or JSONL catalog or a `catalog pull` snapshot), `index` (URL of a
 * `loadout index` file, loaded instead of building; wins over `catalog`),
 * `ranker` (default `bm25f`; the element runs `bm25f`, `wink-bm25`, `regex`,
 * `rerank`, and `static-embedding` and `hybrid` given `static-table`, and
 * refuses others at once), `static-table` (URL of the word-vector table
 * `glove-sg-100d-50k.ldwv`), `limit` (results, 1–100, default 5; another
 * value is refused with `invalid-option`),
 * `max-tools` (most tools the catalog or index may hold, 1–1,000,000,
 * default 10,000; more is refused with `catalog-too-large`),
 * `placeholder`, `label` (the box's accessible name, default "Search
 * tools"). It searches in a Web Worker as the user types, completing the
 * word being typed (the engine's `completeLastWord`), marks matched
 * terms, explains the active result on demand, and follows the combobox
 * pattern: Arrow keys move through the listbox, Enter picks, Escape closes
 * (then clears). Picking fires `loadout-select` ({@link LoadoutSelectDetail});
 * each shown search fires `loadout-results`; a failed load or search, and a
 * refused `ranker` or `limit`, fire `loadout-error`. Styled with the CSS custom
 * properties and parts listed in `ELEMENT_STYLES`.
 */
export class LoadoutSearchElement extends HTMLElement {
  static readonly observedAttributes = ['catalog', 'index', 'ranker', 'static-table', 'limit', 'max-tools', 'placeholder', 'label'];

  /**
   * Creates each element's engine from the element's settings (`tokenizer`
   * `approximate`, and `staticTableUrl` from `static-table`, resolved
   * against the page). Default: a worker engine on `loadout-search-worker.js`
   * beside this module.
   */
  static createEngine: (config: EngineConfig) => LoadoutEngine = createDefaultEngine;

  readonly #box: ResultsCombobox;
  readonly #input: HTMLInputElement;
  readonly #status: HTMLParagraphElement;
  readonly #loader = new CatalogLoader(
    this,
    (config) => LoadoutSearchElement.createEngine(config),
    (text) => this.#setIdle(text),
    // The default worker is ours to diagnose (its URL answered 404, or a chunk failed); a page's own engine keeps its error.
    async (error) => (LoadoutSearchElement.createEngine === createDefaultEngine ? workerStartError(elementWorkerUrl(), error.details['reason']) : error),
  );
  #query = '';
  #search: AbortController | undefined;
  /** The status line while no query is typed: loading, the tool count, or why the tools did not load. */
  #idle = '';

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#box = new ResultsCombobox({
      onPick: (hit) => {
        this.#status.textContent = selectedText(hit.tool.name);
        dispatchLoadoutEvent(this, 'loadout-select', { tool: hit.tool, score: hit.score, query: this.#query });
      },
      onClear: () => void this.#run(''),
    });
    this.#input = this.#box.input;
    this.#status = element('p', { class: 'status', part: 'status', 'aria-live': 'polite' });
    const { button, region } = this.#box.explanation;
    adoptStyles(root, ELEMENT_STYLES);
    root.append(element('div', { class: 'box' }, this.#input, this.#box.listbox, element('div', { class: 'row' }, this.#status, button), region));
    this.#applyText();
    this.#input.addEventListener('input', () => void this.#run(this.#input.value));
  }

  connectedCallback(): void {
    void this.#loader.load();
  }

  disconnectedCallback(): void {
    this.#search?.abort();
    this.#loader.drop();
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
    if (previous === next) return;
    if (name === 'placeholder' || name === 'label') this.#applyText();
    else if (this.#loader.loading === undefined) return;
    else if (name === 'catalog' || name === 'index' || name === 'max-tools' || name === 'static-table') {
      if (name === 'static-table') this.#loader.drop();
      this.#loader.restart();
      void this.#loader.load().then(() => this.#run(this.#input.value));
    } else if (name === 'ranker' || name === 'limit') {
      const loading = this.#loader.loading;
      void loading.then(async (loaded) => {
        const text = loaded ? await this.#loader.readyText() : undefined;
        if (text !== undefined && loading === this.#loader.loading) this.#setIdle(text);
      });
      if (this.#query !== '') void this.#run(this.#query);
    }
  }

  /** Types `query` into the box and resolves once its results are shown (or failed). */
  async search(query: string): Promise<void> {
    this.#input.value = query;
    await this.#run(query);
  }

  #applyText(): void {
    const text = readBoxText(this);
    this.#input.placeholder = text.placeholder;
    this.#input.setAttribute('aria-label', text.label);
  }

  async #run(query: string): Promise<void> {
    this.#query = query;
    this.#search?.abort();
    if (query.trim() === '') {
      this.#box.show([]);
      this.#status.textContent = this.#idle;
      return;
    }
    const controller = new AbortController();
    this.#search = controller;
    const loaded = await this.#loader.load();
    if (controller.signal.aborted) return;
    if (!loaded || this.#loader.engine === undefined) {
      // The catalog did not load (maybe after the user typed): say why, instead of the "Loading tools…" it replaced.
      this.#box.show([]);
      this.#status.textContent = this.#idle;
      return;
    }
    const problem = await this.#loader.searchProblem();
    if (controller.signal.aborted) return;
    const blocked = blockedText(problem, this.#loader.tools);
    if (blocked !== undefined) {
      this.#box.show([]);
      this.#status.textContent = blocked;
      return;
    }
    try {
      const ranker = readRanker(this);
      const limit = readLimit(this);
      // Read again after the await, as before the split: a dropped engine fails this search, which the catch reports.
      const engine = this.#loader.engine as LoadoutEngine;
      const result = await engine.search(query, { limit, explain: true, signal: controller.signal, ...(ranker === null ? {} : { ranker }) });
      if (controller.signal.aborted) return;
      this.#box.show(result.hits);
      this.#status.textContent = foundText(result.hits.length, query);
      dispatchLoadoutEvent(this, 'loadout-results', { query, hits: result.hits.length, elapsedMs: result.elapsedMs, indexSource: result.indexSource });
    } catch (error) {
      if (isCancelledError(error) || controller.signal.aborted) return;
      this.#box.show([]);
      const failure = elementError(error);
      this.#status.textContent = searchFailedText(failure);
      dispatchLoadoutEvent(this, 'loadout-error', errorDetail('search', failure));
    }
  }

  #setIdle(text: string): void {
    this.#idle = text;
    if (this.#query.trim() === '') this.#status.textContent = text;
  }
}
