import { PROVIDERS } from '@loadout/core';
import type { Provider } from '@loadout/core';
import { isRankerName } from '../search/ranker-choices.js';
import { defaultPlaygroundState } from './playground-state.js';
import type { CatalogChoice, ModRuleState, PlaygroundState } from './playground-state.js';

/** Longest pasted catalog (in characters) put in a shared URL; a larger one is named but not shared. */
export const MAX_SHARED_PASTE = 4_000;

const CATALOG_CHOICES: readonly CatalogChoice[] = ['demo', 'large', 'pasted', 'file'];

function encodeRule(rule: ModRuleState): string {
  return `${rule.action}:${rule.server}:${rule.tool}`;
}

function decodeRule(text: string): ModRuleState | undefined {
  const first = text.indexOf(':');
  const second = text.indexOf(':', first + 1);
  if (first < 0 || second < 0) return undefined;
  const action = text.slice(0, first);
  if (action !== 'defer' && action !== 'pin') return undefined;
  return { action, server: text.slice(first + 1, second), tool: text.slice(second + 1) };
}

/**
 * The query string (without `?`) that restores `state`; values equal to the
 * defaults are left out. Mods are `mod=<defer|pin>:<server>:<glob>`, one per rule.
 */
export function writeStateToSearch(state: PlaygroundState): string {
  const defaults = defaultPlaygroundState();
  const params = new URLSearchParams();
  const set = (key: string, value: string, fallback: string): void => {
    if (value !== fallback) params.set(key, value);
  };
  set('catalog', state.catalog, defaults.catalog);
  if (state.catalog === 'pasted' && state.pasted.length <= MAX_SHARED_PASTE) set('paste', state.pasted, '');
  if (state.catalog === 'file') set('file', state.fileName, '');
  set('ranker', state.ranker, defaults.ranker);
  set('q', state.query, defaults.query);
  const policy = state.policy;
  const base = defaults.policy;
  set('env', policy.enableToolSearch, base.enableToolSearch);
  set('model', policy.model, base.model);
  set('provider', policy.provider, base.provider);
  set('sdk', policy.sdkVersion, base.sdkVersion);
  set('baseUrl', policy.baseUrl, base.baseUrl);
  set('betas', policy.disableBetas, base.disableBetas);
  set('hipaa', policy.hipaa ? '1' : '', '');
  set('context', policy.contextWindow, base.contextWindow);
  set('keepOn', policy.keepToolSearchOn ? '1' : '', '');
  set('activated', policy.toolSearchActivated ? '1' : '', '');
  for (const rule of state.mods) params.append('mod', encodeRule(rule));
  return params.toString();
}

/** A value of a shared link the page did not use, and why; the page shows the default instead. */
export interface IgnoredSetting {
  /** The query parameter (`ranker`). */
  readonly key: string;
  /** Its value as the link had it. */
  readonly value: string;
  /** Why it was not used, in a few words. */
  readonly reason: string;
}

/** What a shared link restores, and what in it was not used. */
export interface SharedState {
  readonly state: PlaygroundState;
  /** In the order of the link; empty when every value was used. A ranker the engine does not offer is known only once its list arrives. */
  readonly ignored: readonly IgnoredSetting[];
}

/** The query parameters {@link writeStateToSearch} writes. */
const KEYS: ReadonlySet<string> = new Set(['catalog', 'paste', 'file', 'ranker', 'q', 'env', 'model', 'provider', 'sdk', 'baseUrl', 'betas', 'hipaa', 'context', 'keepOn', 'activated', 'mod']);

/** The switches written as `key=1` when on. */
const SWITCHES = ['hipaa', 'keepOn', 'activated'] as const;

/** Why a parameter's value was not used, or undefined when it was. */
function ignoredReason(key: string, value: string): string | undefined {
  if (!KEYS.has(key)) return 'not a setting of this page';
  if (key === 'catalog' && !(CATALOG_CHOICES as readonly string[]).includes(value)) return `not a catalog choice (${CATALOG_CHOICES.join(', ')})`;
  if (key === 'ranker' && !isRankerName(value)) return 'not a ranker name';
  if (key === 'provider' && !(PROVIDERS as readonly string[]).includes(value)) return `not a provider (${PROVIDERS.join(', ')})`;
  if (key === 'mod' && decodeRule(value) === undefined) return 'not a rule (defer or pin:server:tool glob)';
  if ((SWITCHES as readonly string[]).includes(key) && value !== '1' && value !== '') return '1 turns it on; anything else leaves it off';
  return undefined;
}

/**
 * Reads a state written by {@link writeStateToSearch}; unknown or malformed
 * values fall back to the defaults and are listed in `ignored`, so the page
 * can say what of a link it did not use.
 */
export function readSharedState(search: string): SharedState {
  const params = new URLSearchParams(search);
  const ignored: IgnoredSetting[] = [];
  for (const [key, value] of params) {
    const reason = ignoredReason(key, value);
    if (reason !== undefined) ignored.push({ key, value, reason });
  }
  const state = defaultPlaygroundState();
  const text = (key: string, fallback: string): string => params.get(key) ?? fallback;
  const catalog = params.get('catalog');
  if ((CATALOG_CHOICES as readonly (string | null)[]).includes(catalog)) state.catalog = catalog as CatalogChoice;
  state.pasted = text('paste', '');
  state.fileName = text('file', '');
  const ranker = params.get('ranker');
  if (isRankerName(ranker)) state.ranker = ranker;
  state.query = text('q', '');
  const policy = state.policy;
  policy.enableToolSearch = text('env', policy.enableToolSearch);
  policy.model = text('model', policy.model);
  const provider = params.get('provider');
  if ((PROVIDERS as readonly (string | null)[]).includes(provider)) policy.provider = provider as Provider;
  policy.sdkVersion = text('sdk', policy.sdkVersion);
  policy.baseUrl = text('baseUrl', policy.baseUrl);
  policy.disableBetas = text('betas', policy.disableBetas);
  policy.hipaa = params.get('hipaa') === '1';
  policy.contextWindow = text('context', policy.contextWindow);
  policy.keepToolSearchOn = params.get('keepOn') === '1';
  policy.toolSearchActivated = params.get('activated') === '1';
  state.mods = params.getAll('mod').flatMap((entry) => decodeRule(entry) ?? []);
  return { state, ignored };
}

/** The state of {@link readSharedState}, without what was ignored. */
export function readStateFromSearch(search: string): PlaygroundState {
  return readSharedState(search).state;
}
