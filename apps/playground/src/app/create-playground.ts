import type { CatalogInput, EnginePlan, EngineSearchResult, LoadedCatalog, LoadoutEngine } from '@loadout/browser';
import type { PlannedTool } from '@loadout/core';
import { createLargeDemoCatalogInput, demoCatalogInput, demoQueries } from '@loadout/demo-catalog';
import { catalogLabel } from '../catalog/catalog-source-label.js';
import { explainLoadError } from '../catalog/explain-load-error.js';
import { readCatalogFile } from '../catalog/read-catalog-file.js';
import { DEFAULT_RANKER, debounceFor } from '../search/ranker-choices.js';
import { createSearchController } from '../search/search-controller.js';
import type { SearchRequest } from '../search/search-controller.js';
import { toPlanInput } from '../state/plan-input.js';
import type { CatalogChoice, PlaygroundState } from '../state/playground-state.js';
import { MAX_SHARED_PASTE, writeStateToSearch } from '../state/url-state.js';
import type { IgnoredSetting } from '../state/url-state.js';
import { createPlaygroundTimings, measureSince } from '../timings/playground-timings.js';
import type { CatalogTiming } from '../timings/playground-timings.js';
import { MAX_TOOL_LIMIT, createCatalogPanel } from '../views/catalog-panel.js';
import type { CatalogInputKind } from '../views/catalog-panel.js';
import { createDecisionView } from '../views/decision-view.js';
import { describeError } from '../views/error-view.js';
import { createLinkNotice } from '../views/link-notice.js';
import { createModsEditor } from '../views/mods-editor.js';
import { createPolicyPanel } from '../views/policy-panel.js';
import { createSearchPanel } from '../views/search-panel.js';
import { createTokenPanel } from '../views/token-chart-view.js';
import { createLayout } from './layout.js';
import { createPlanRunner } from './plan-runner.js';

/** Options of {@link createPlayground}. */
export interface PlaygroundOptions {
  /** Where the page goes. */
  readonly container: HTMLElement;
  readonly engine: LoadoutEngine;
  /** The state to start from (read from the URL). */
  readonly state: PlaygroundState;
  /** What of the URL was not used (`readSharedState`), named in a notice above the results. Default none. */
  readonly ignored?: readonly IgnoredSetting[];
}

/** A catalog load the page asked for. */
interface CatalogRequest {
  readonly choice: CatalogChoice;
  readonly kind: CatalogInputKind;
  readonly label: string;
  readonly source: string;
  /** `performance.now()` of the click, drop or page start. */
  readonly startedAt: number;
  readonly input: () => CatalogInput | Promise<CatalogInput>;
  /** A line to show once it has loaded (an index file's catalog); none by default. */
  readonly noteFor?: (input: CatalogInput) => string;
  /** State to keep when it loads (pasted text, file name). */
  readonly pasted?: string;
  readonly fileName?: string;
}

/** Plan edits wait this long for the next keystroke. */
const PLAN_DEBOUNCE_MS = 60;

/**
 * Builds the playground into `container` and starts it: restores `state`,
 * loads its catalog, and from then on keeps the URL, the results and the
 * plan in step with every input.
 */
export function createPlayground(options: PlaygroundOptions): void {
  const { engine } = options;
  const state = options.state;
  const timings = createPlaygroundTimings();
  let plannedTools: ReadonlyMap<string, PlannedTool> = new Map();
  let pendingCatalog: CatalogTiming | undefined;
  /** The latest catalog load's plan timings; a plan for an older load is dropped. */
  let planTiming: { catalog: CatalogTiming; startedAt: number; estimated?: number } | undefined;
  let catalogLoaded = false;
  /** Numbers catalog loads; a load applies only when no later one has applied, and a failed load never displaces a loaded catalog. */
  let loadCount = 0;
  let appliedLoad = 0;

  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  const syncUrl = (delayMs = 120): void => {
    if (urlTimer !== undefined) clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      urlTimer = undefined;
      const search = writeStateToSearch(state);
      history.replaceState(null, '', `${location.pathname}${search === '' ? '' : `?${search}`}${location.hash}`);
    }, delayMs);
  };

  const layout = createLayout(async () => {
    syncUrl(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    try {
      await navigator.clipboard.writeText(location.href);
      return true;
    } catch {
      return false;
    }
  });

  /** Each ranker's last engine time, for the keystroke debounce. */
  const lastEngineMs = new Map<string, number>();
  const searchPanel = createSearchPanel({
    onQuery(query, at) {
      state.query = query;
      syncUrl();
      if (!catalogLoaded) return;
      void search.request({ query, ranker: state.ranker, requestedAt: at, debounceMs: debounceFor(lastEngineMs.get(state.ranker)), reason: 'keystroke' });
    },
    onRanker: (ranker, at) => pickRanker(ranker, at),
  });
  const pickRanker = (ranker: string, at: number): void => {
    state.ranker = ranker;
    syncUrl();
    if (!catalogLoaded) return;
    if (state.query.trim() !== '') void search.request({ query: state.query, ranker, requestedAt: at, reason: 'ranker' });
    else void prepare();
  };

  const onResult = (request: SearchRequest, result: EngineSearchResult): void => {
    lastEngineMs.set(result.ranker, result.elapsedMs);
    searchPanel.showResult(result, plannedTools);
    const ms = measureSince(`results:${request.reason}`, request.requestedAt);
    if (request.reason === 'catalog' && pendingCatalog !== undefined) {
      pendingCatalog.readyMs ??= ms;
      pendingCatalog.firstResultMs = ms;
      pendingCatalog = undefined;
    } else if (request.reason === 'keystroke') {
      timings.keystrokes.push({ query: request.query, ranker: request.ranker, ms, engineMs: result.elapsedMs });
    }
  };

  const search = createSearchController({
    engine: () => engine,
    onResult,
    onError: (_request, error) => searchPanel.showError(error),
    onEmpty: () => searchPanel.clear('Type a query, or pick an example.'),
  });

  const prepare = async (): Promise<void> => {
    const ranker = state.ranker;
    searchPanel.clear(`Preparing ${ranker}…`);
    try {
      const status = await engine.prepare(ranker);
      if (state.ranker !== ranker || state.query.trim() !== '') return;
      const source = status.indexSource === 'restored' ? 'restored from IndexedDB' : `built in ${status.buildMs.toFixed(0)} ms`;
      searchPanel.clear(`${ranker} ready: ${status.size.toLocaleString('en-US')} tools indexed, ${source}. Type a query.`);
    } catch (error) {
      if (describeError(error).code !== 'cancelled' && state.ranker === ranker) searchPanel.showError(error);
    }
  };

  const decisionView = createDecisionView();
  const tokenPanel = createTokenPanel();

  const showPlan = (plan: EnginePlan, estimated: boolean): void => {
    plannedTools = new Map(plan.tools.map((tool) => [tool.displayName, tool]));
    decisionView.show(plan, estimated);
    tokenPanel.show(plan);
    modsEditor.showEffect(plan);
    searchPanel.updatePlacements(plannedTools);
  };

  const plans = createPlanRunner(async () => {
    if (!catalogLoaded) return;
    const timing = planTiming;
    // A plan of inputs edited while it ran is not shown: the edit has queued another run.
    const input = toPlanInput(state.policy, state.mods);
    const stale = (): boolean => timing !== planTiming || JSON.stringify(toPlanInput(state.policy, state.mods)) !== JSON.stringify(input);
    try {
      // After a catalog load, the first plan counts with core's estimate (no rank file to wait for), then tiktoken refines it.
      if (timing !== undefined && timing.estimated === undefined) {
        const quick = await engine.plan(input, { tokenizer: 'approximate' });
        if (stale()) return;
        showPlan(quick, true);
        timing.estimated = measureSince('plan-estimated', timing.startedAt);
        timing.catalog.planMs = timing.estimated;
      }
      const plan: EnginePlan = await engine.plan(input);
      if (stale()) return;
      showPlan(plan, false);
      if (timing !== undefined && timing.catalog.exactPlanMs === null) timing.catalog.exactPlanMs = measureSince('plan-exact', timing.startedAt);
    } catch (error) {
      const { code, message } = describeError(error);
      decisionView.showPending(`The plan failed: ${code}: ${message}`);
    }
  });

  const policyPanel = createPolicyPanel(state.policy, (policy) => {
    state.policy = policy;
    syncUrl();
    plans.request(PLAN_DEBOUNCE_MS);
  });

  const modsEditor = createModsEditor(state.mods, (rules) => {
    state.mods = rules;
    syncUrl();
    plans.request(PLAN_DEBOUNCE_MS);
  });

  /** Loads a catalog; resolves with the error of a load that failed (shown by its input), else undefined. */
  const loadCatalog = async (request: CatalogRequest): Promise<{ readonly error: unknown } | undefined> => {
    const generation = ++loadCount;
    catalogPanel.showNote(`Loading the ${request.label}…`);
    let loaded: LoadedCatalog;
    let note = '';
    try {
      const maxTools = catalogPanel.maxTools();
      const input = await request.input();
      loaded = await engine.loadCatalog(input, { source: request.source, maxTools });
      note = request.noteFor?.(input) ?? '';
    } catch (error) {
      if (generation < appliedLoad) return undefined;
      const shown = explainLoadError(error, request.kind === 'file' ? request.source : undefined, MAX_TOOL_LIMIT);
      catalogPanel.showNote('');
      catalogPanel.showError(request.kind, shown);
      return { error: shown };
    }
    if (generation < appliedLoad) return undefined;
    appliedLoad = generation;
    search.cancel();
    const timing: CatalogTiming = {
      label: request.label,
      tools: loaded.tools.length,
      loadMs: measureSince('catalog-loaded', request.startedAt),
      readyMs: null,
      firstResultMs: null,
      planMs: null,
      exactPlanMs: null,
    };
    planTiming = { catalog: timing, startedAt: request.startedAt };
    timings.catalogs.push(timing);
    catalogLoaded = true;
    state.catalog = request.choice;
    state.pasted = request.choice === 'pasted' && (request.pasted ?? '').length <= MAX_SHARED_PASTE ? (request.pasted ?? '') : '';
    state.fileName = request.fileName ?? '';
    syncUrl(0);
    catalogPanel.showNote(note);
    catalogPanel.showLoaded(loaded, request.label, request.choice);
    modsEditor.setServers([...new Set(loaded.tools.flatMap((tool) => (tool.server === null ? [] : [tool.server])))].sort());
    decisionView.showPending('Planning…');
    if (state.query.trim() !== '') {
      pendingCatalog = timing;
      await search.request({ query: state.query, ranker: state.ranker, requestedAt: request.startedAt, reason: 'catalog' });
    } else {
      await prepare();
      timing.readyMs = measureSince('catalog-ready', request.startedAt);
    }
    // Planned after the first search, so the search does not wait behind token counting in the worker.
    if (generation === appliedLoad) plans.request();
    return undefined;
  };

  const builtin = (choice: 'demo' | 'large', startedAt: number): CatalogRequest => ({
    choice,
    kind: 'builtin',
    label: catalogLabel(choice),
    source: choice === 'demo' ? 'demo-catalog' : 'large-demo-catalog',
    startedAt,
    input: () => (choice === 'demo' ? demoCatalogInput : createLargeDemoCatalogInput()),
  });

  // A paste with no tools is refused by the engine (catalog-empty) before it replaces its catalog; a failed load changes neither the page's catalog nor the URL.
  const pasted = (text: string, startedAt: number): CatalogRequest => ({
    choice: 'pasted',
    kind: 'paste',
    label: catalogLabel('pasted'),
    source: 'pasted catalog',
    startedAt,
    input: () => text,
    pasted: text,
  });

  const catalogPanel = createCatalogPanel({
    onDemo: () => void loadCatalog(builtin('demo', performance.now())),
    onLarge: () => void loadCatalog(builtin('large', performance.now())),
    onPaste: (text) => void loadCatalog(pasted(text, performance.now())),
    onFile(file) {
      void loadCatalog({
        choice: 'file',
        kind: 'file',
        label: catalogLabel('file', file.name),
        source: file.name,
        startedAt: performance.now(),
        input: async () => (await readCatalogFile(file)).input,
        noteFor: (input) => (input instanceof Uint8Array ? `${file.name} is an index file (what loadout index writes), not a catalog: loaded the catalog it holds, with its BM25F index.` : ''),
        fileName: file.name,
      });
    },
  });

  const linkNotice = createLinkNotice();
  linkNotice.add(options.ignored ?? []);
  searchPanel.setQuery(state.query);
  searchPanel.setRanker(state.ranker);
  // The picker lists the worker's rankers; one that cannot run here (a shared link naming it) falls back to the default, and the notice says why.
  void engine.rankers().then(
    (choices) => {
      searchPanel.setRankers(choices);
      const named = choices.find((choice) => choice.name === state.ranker);
      if (named?.available === true) return;
      linkNotice.add([{ key: 'ranker', value: state.ranker, reason: named === undefined ? 'no such ranker' : `unavailable here: ${named.reason ?? 'its files are missing'}` }]);
      searchPanel.setRanker(DEFAULT_RANKER);
      pickRanker(DEFAULT_RANKER, performance.now());
    },
    (error: unknown) => searchPanel.showError(error),
  );
  searchPanel.setExamples(demoQueries.slice(0, 32).filter((_, index) => index % 4 === 0).map((entry) => entry.query));
  layout.controls.append(catalogPanel.element, policyPanel.element, modsEditor.element);
  layout.main.append(linkNotice.element, searchPanel.element);
  layout.insights.append(decisionView.element, tokenPanel.element);
  options.container.replaceChildren(layout.root);

  const startedAt = performance.now();
  if (state.catalog === 'pasted' && state.pasted !== '') {
    catalogPanel.setPasted(state.pasted);
    // A shared paste the page cannot load (no tools, malformed) is named in the notice, and the demo catalog shown.
    void loadCatalog(pasted(state.pasted, startedAt)).then((failed) => {
      if (failed === undefined) return;
      const { code, message } = describeError(failed.error);
      linkNotice.add([{ key: 'paste', value: state.pasted, reason: `${message} [${code}]` }]);
      void loadCatalog(builtin('demo', performance.now()));
    });
    return;
  }
  if (state.catalog === 'pasted' || state.catalog === 'file') {
    const what = state.catalog === 'file' && state.fileName !== '' ? `the file ${state.fileName}` : 'a pasted catalog too large to share';
    void loadCatalog(builtin('demo', startedAt)).then(() => catalogPanel.showNote(`The shared link used ${what}; load it again to see the same results. Showing the demo catalog.`));
    return;
  }
  void loadCatalog(builtin(state.catalog, startedAt));
}
