import type { CatalogTool } from '@loadout/core';
import type { EngineConfig } from '../engine/engine-options.js';
import type { LoadoutEngine, RankerAvailability } from '../engine/engine-types.js';
import { isCancelledError } from '../shared/cancelled.js';
import { createWorkerEngine } from '../worker/create-worker-engine.js';
import { element } from './element-dom.js';
import { ELEMENT_STYLES } from './element-styles.js';
import { findRankerProblem } from './element-ranker.js';
import { hasStaticTable, readBoxText, readEngineConfig, readLimit, readMaxTools, readRanker, readsIndex, readSource } from './element-settings.js';
import { ResultsCombobox } from './results-combobox.js';
import { blockedText, foundText, LOADING_TEXT, loadFailedText, NO_SOURCE_TEXT, readyText, searchFailedText, selectedText } from './status-messages.js';

/** The worker file beside the element's ES module build (`dist/element.js`). */
const WORKER_FILE = 'loadout-search-worker.js';

/** `detail` of the `loadout-select` event. */
export interface LoadoutSelectDetail {
  /** The chosen tool, as the catalog holds it. */
  readonly tool: CatalogTool;
  readonly score: number;
  /** The query it was found for. */
  readonly query: string;
}

/** `detail` of the `loadout-results` event, fired after each search is shown. */
export interface LoadoutResultsDetail {
  readonly query: string;
  readonly hits: number;
  /** Milliseconds the engine spent, index building or loading included. */
  readonly elapsedMs: number;
  /** `built` when the index was built in the page, `restored` when it came from `index` or IndexedDB. */
  readonly indexSource: string;
}

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
 * tools"). It searches in a Web Worker as the user types, marks matched
 * terms, explains the active result on demand, and follows the combobox
 * pattern: Arrow keys move through the listbox, Enter picks, Escape closes
 * (then clears). Picking fires `loadout-select` ({@link LoadoutSelectDetail});
 * each shown search fires `loadout-results`. Styled with the CSS custom
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
  static createEngine: (config: EngineConfig) => LoadoutEngine = (config) =>
    createWorkerEngine(() => new Worker(new URL(WORKER_FILE, import.meta.url), { type: 'module' }), config);

  readonly #box: ResultsCombobox;
  readonly #input: HTMLInputElement;
  readonly #status: HTMLParagraphElement;
  #engine: LoadoutEngine | undefined;
  #loading: Promise<boolean> | undefined;
  /** Counts loads, so a load that was replaced (another catalog, engine or page) leaves the status alone. */
  #generation = 0;
  /** The engine's rankers, asked once per engine when a `ranker` is set. */
  #rankers: Promise<readonly RankerAvailability[] | undefined> | undefined;
  /** Tools in the loaded catalog. */
  #tools = 0;
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
        const detail: LoadoutSelectDetail = { tool: hit.tool, score: hit.score, query: this.#query };
        this.dispatchEvent(new CustomEvent('loadout-select', { detail, bubbles: true, composed: true }));
      },
      onClear: () => void this.#run(''),
    });
    this.#input = this.#box.input;
    this.#status = element('p', { class: 'status', part: 'status', 'aria-live': 'polite' });
    const { button, region } = this.#box.explanation;
    const style = element('style', {}, ELEMENT_STYLES);
    root.append(style, element('div', { class: 'box' }, this.#input, this.#box.listbox, element('div', { class: 'row' }, this.#status, button), region));
    this.#applyText();
    this.#input.addEventListener('input', () => void this.#run(this.#input.value));
  }

  connectedCallback(): void {
    void this.#load();
  }

  disconnectedCallback(): void {
    this.#search?.abort();
    this.#dropEngine();
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
    if (previous === next) return;
    if (name === 'placeholder' || name === 'label') this.#applyText();
    else if (this.#loading === undefined) return;
    else if (name === 'catalog' || name === 'index' || name === 'max-tools' || name === 'static-table') {
      if (name === 'static-table') this.#dropEngine();
      this.#loading = undefined;
      void this.#load().then(() => this.#run(this.#input.value));
    } else if (name === 'ranker' || name === 'limit') {
      const loading = this.#loading;
      void loading.then(async (loaded) => {
        const text = loaded ? await this.#readyText() : undefined;
        if (text !== undefined && loading === this.#loading) this.#setIdle(text);
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

  /** Disposes the engine (a new one is created on the next load), and forgets its catalog and rankers. */
  #dropEngine(): void {
    this.#engine?.dispose();
    this.#engine = undefined;
    this.#loading = undefined;
    this.#rankers = undefined;
    this.#generation += 1;
  }

  /** Why searching cannot work with the current attributes (a coded error), or undefined. */
  async #searchProblem(): Promise<unknown> {
    try {
      readLimit(this);
    } catch (error) {
      return error;
    }
    const ranker = readRanker(this);
    const engine = this.#engine;
    if (ranker === null || engine === undefined) return undefined;
    this.#rankers ??= Promise.resolve()
      .then(() => engine.rankers())
      .catch(() => undefined);
    const rankers = await this.#rankers;
    return rankers === undefined ? undefined : findRankerProblem(ranker, rankers, hasStaticTable(this));
  }

  /** The status once the catalog loaded: why searching cannot work, or the tool count. */
  async #readyText(): Promise<string> {
    return readyText(await this.#searchProblem(), this.#tools);
  }

  #load(): Promise<boolean> {
    this.#loading ??= (async () => {
      const generation = ++this.#generation;
      const setIdle = (text: string): void => {
        if (generation === this.#generation) this.#setIdle(text);
      };
      const source = readSource(this);
      if (source === null) {
        setIdle(NO_SOURCE_TEXT);
        return false;
      }
      setIdle(LOADING_TEXT);
      const engine = (this.#engine ??= LoadoutSearchElement.createEngine(readEngineConfig(this)));
      try {
        const maxTools = readMaxTools(this);
        const url = new URL(source, document.baseURI);
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url.href} answered HTTP ${response.status}`);
        const input = readsIndex(this) ? new Uint8Array(await response.arrayBuffer()) : await response.text();
        // Replaced while fetching (another catalog, engine or page): leave the engine to the load that replaced this one.
        if (generation !== this.#generation) return false;
        const loaded = await engine.loadCatalog(input, { source: url.pathname, maxTools });
        if (generation !== this.#generation) return false;
        this.#tools = loaded.tools.length;
        setIdle(await this.#readyText());
        return true;
      } catch (error) {
        setIdle(loadFailedText(error));
        return false;
      }
    })();
    return this.#loading;
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
    const loaded = await this.#load();
    if (controller.signal.aborted) return;
    if (!loaded || this.#engine === undefined) {
      // The catalog did not load (maybe after the user typed): say why, instead of the "Loading tools…" it replaced.
      this.#box.show([]);
      this.#status.textContent = this.#idle;
      return;
    }
    const problem = await this.#searchProblem();
    if (controller.signal.aborted) return;
    const blocked = blockedText(problem, this.#tools);
    if (blocked !== undefined) {
      this.#box.show([]);
      this.#status.textContent = blocked;
      return;
    }
    try {
      const ranker = readRanker(this);
      const limit = readLimit(this);
      const result = await this.#engine.search(query, { limit, explain: true, signal: controller.signal, ...(ranker === null ? {} : { ranker }) });
      if (controller.signal.aborted) return;
      this.#box.show(result.hits);
      this.#status.textContent = foundText(result.hits.length);
      const detail: LoadoutResultsDetail = { query, hits: result.hits.length, elapsedMs: result.elapsedMs, indexSource: result.indexSource };
      this.dispatchEvent(new CustomEvent('loadout-results', { detail, bubbles: true, composed: true }));
    } catch (error) {
      if (isCancelledError(error) || controller.signal.aborted) return;
      this.#box.show([]);
      this.#status.textContent = searchFailedText(error);
    }
  }

  #setIdle(text: string): void {
    this.#idle = text;
    if (this.#query.trim() === '') this.#status.textContent = text;
  }
}
