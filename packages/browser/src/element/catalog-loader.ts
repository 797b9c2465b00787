import { isLoadoutError } from '@loadout/core';
import type { CatalogIssue, LoadoutError } from '@loadout/core';
import type { EngineConfig } from '../engine/engine-options.js';
import type { LoadoutEngine, RankerAvailability } from '../engine/engine-types.js';
import { dispatchLoadoutEvent, errorDetail } from './element-events.js';
import { findRankerProblem } from './element-ranker.js';
import { elementError } from './element-error.js';
import { fetchSource } from './fetch-source.js';
import { hasStaticTable, readEngineConfig, readLimit, readMaxTools, readRanker, readsIndex, readSource } from './element-settings.js';
import { indexingText, LOADING_TEXT, loadFailedText, NO_SOURCE_TEXT, readyText } from './status-messages.js';

/** The engine's default ranker, prepared after a load when `ranker` is absent. */
const DEFAULT_RANKER = 'bm25f';

/**
 * The load lifecycle of `<loadout-search>`: fetches its `index` or
 * `catalog` into its engine (created on the first load), one load at a time.
 * Each load reports its status line through `setIdle` (loading, indexing,
 * then the tool count and the skipped tools), fires `loadout-loaded` with the
 * catalog's issues (and warns about them once in the console), and a load that was
 * replaced (another catalog, engine or page) leaves the status and the
 * engine alone.
 */
export class CatalogLoader {
  readonly #host: Element;
  readonly #createEngine: (config: EngineConfig) => LoadoutEngine;
  readonly #setIdle: (text: string) => void;
  readonly #explainWorker: (error: LoadoutError) => Promise<unknown>;
  #engine: LoadoutEngine | undefined;
  #loading: Promise<boolean> | undefined;
  /** Counts loads, so a load that was replaced (another catalog, engine or page) leaves the status alone. */
  #generation = 0;
  /** The engine's rankers, asked once per engine when a `ranker` is set. */
  #rankers: Promise<readonly RankerAvailability[] | undefined> | undefined;
  /** Tools in the loaded catalog. */
  #tools = 0;
  /** Tools the loaded catalog skipped, with coded reasons. */
  #issues: readonly CatalogIssue[] = [];
  /** The refusal (code and message) `loadout-error` last reported, so each fires once, not on every keystroke. */
  #reported: string | undefined;

  /**
   * `explainWorker` says why the engine's worker did not start (an
   * `unsupported-environment` error with `started: false` and no `url`),
   * naming the worker; default: the error as it is.
   */
  constructor(
    host: Element,
    createEngine: (config: EngineConfig) => LoadoutEngine,
    setIdle: (text: string) => void,
    explainWorker: (error: LoadoutError) => Promise<unknown> = (error) => Promise.resolve(error),
  ) {
    this.#host = host;
    this.#createEngine = createEngine;
    this.#setIdle = setIdle;
    this.#explainWorker = explainWorker;
  }

  /** The engine, once a load created it. */
  get engine(): LoadoutEngine | undefined {
    return this.#engine;
  }

  /** The current load (true once the tools loaded), or undefined before the first and after `restart` or `drop`. */
  get loading(): Promise<boolean> | undefined {
    return this.#loading;
  }

  /** Tools in the loaded catalog. */
  get tools(): number {
    return this.#tools;
  }

  /** Forgets the current load, so the next `load` fetches again into the same engine. */
  restart(): void {
    this.#loading = undefined;
  }

  /** Disposes the engine (a new one is created on the next load), and forgets its catalog and rankers. */
  drop(): void {
    this.#engine?.dispose();
    this.#engine = undefined;
    this.#loading = undefined;
    this.#rankers = undefined;
    this.#generation += 1;
  }

  /**
   * Why searching cannot work with the current attributes (a coded error,
   * as `elementError` gives it), or undefined. A refusal fires
   * `loadout-error` (stage `search`) once: again only for another refusal,
   * or after a load.
   */
  async searchProblem(): Promise<unknown> {
    const problem = await this.#findProblem();
    this.#report(problem);
    return problem;
  }

  async #findProblem(): Promise<unknown> {
    try {
      readLimit(this.#host);
    } catch (error) {
      return elementError(error);
    }
    const ranker = readRanker(this.#host);
    const engine = this.#engine;
    if (ranker === null || engine === undefined) return undefined;
    this.#rankers ??= Promise.resolve()
      .then(() => engine.rankers())
      .catch(() => undefined);
    const rankers = await this.#rankers;
    if (rankers === undefined || engine !== this.#engine) return undefined;
    return elementError(findRankerProblem(ranker, rankers, hasStaticTable(this.#host)));
  }

  #report(problem: unknown): void {
    if (problem === undefined) {
      this.#reported = undefined;
      return;
    }
    const detail = errorDetail('search', problem);
    const key = `${detail.code ?? ''} ${detail.message}`;
    if (key === this.#reported) return;
    this.#reported = key;
    dispatchLoadoutEvent(this.#host, 'loadout-error', detail);
  }

  /** The status once the catalog loaded: why searching cannot work, or the tool count. */
  async readyText(): Promise<string> {
    return readyText(await this.searchProblem(), this.#tools, this.#issues);
  }

  /** The current load, or a new one: resolves true once the tools loaded, false when they did not or the load was replaced. */
  load(): Promise<boolean> {
    this.#loading ??= this.#fetchAndLoad();
    return this.#loading;
  }

  async #fetchAndLoad(): Promise<boolean> {
    const host = this.#host;
    const generation = ++this.#generation;
    this.#reported = undefined;
    const setIdle = (text: string): void => {
      if (generation === this.#generation) this.#setIdle(text);
    };
    const source = readSource(host);
    if (source === null) {
      setIdle(NO_SOURCE_TEXT);
      return false;
    }
    setIdle(LOADING_TEXT);
    const engine = (this.#engine ??= this.#createEngine(readEngineConfig(host)));
    let url: URL | undefined;
    try {
      const maxTools = readMaxTools(host);
      url = new URL(source, document.baseURI);
      const input = await fetchSource(url, readsIndex(host));
      // Replaced while fetching (another catalog, engine or page): leave the engine to the load that replaced this one.
      if (generation !== this.#generation) return false;
      const loaded = await engine.loadCatalog(input, { source: url.href, maxTools });
      if (generation !== this.#generation) return false;
      this.#tools = loaded.tools.length;
      this.#issues = loaded.issues;
      if (loaded.issues.length > 0) console.warn(`<loadout-search>: skipped ${loaded.issues.length} of the tools in ${url.href}`, loaded.issues);
      dispatchLoadoutEvent(host, 'loadout-loaded', { source: url.href, tools: loaded.tools.length, issues: loaded.issues });
      await this.#prepare(engine, setIdle);
      if (generation !== this.#generation) return false;
      setIdle(await this.readyText());
      return true;
    } catch (error) {
      if (generation !== this.#generation) return false;
      // A worker that did not start is named, not the catalog: its URL, or the chunk it could not import.
      const worker = isLoadoutError(error) && error.code === 'unsupported-environment' && error.details['started'] === false;
      const explained = worker && error.details['url'] === undefined ? await this.#explainWorker(error) : error;
      if (generation !== this.#generation) return false;
      const named = elementError(explained, worker ? undefined : url);
      setIdle(loadFailedText(named));
      dispatchLoadoutEvent(host, 'loadout-error', errorDetail('load', named));
      return false;
    }
  }

  /** Builds (or restores) the ranker's index now, saying so, so the first search does not wait unannounced; a failure shows on search. */
  async #prepare(engine: LoadoutEngine, setIdle: (text: string) => void): Promise<void> {
    if (this.#tools === 0 || (await this.searchProblem()) !== undefined) return;
    setIdle(indexingText(this.#tools));
    await engine.prepare(readRanker(this.#host) ?? DEFAULT_RANKER).catch(() => undefined);
  }
}
