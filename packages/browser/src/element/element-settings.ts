import type { EngineConfig } from '../engine/engine-options.js';
import { integerAttribute, LIMIT_RANGE, MAX_TOOLS_RANGE } from './element-attributes.js';

/** The box's placeholder and accessible name when `placeholder` or `label` is absent. */
const DEFAULT_BOX_TEXT = 'Search tools';

/**
 * The engine settings of `<loadout-search>`: `tokenizer` `approximate`,
 * `completeLastWord` (it searches on every keystroke, so the word being
 * typed is completed), and `staticTableUrl` from `static-table`, resolved
 * against the page.
 */
export function readEngineConfig(host: Element): EngineConfig {
  const table = host.getAttribute('static-table');
  return { tokenizer: 'approximate', completeLastWord: true, ...(table === null ? {} : { staticTableUrl: new URL(table, document.baseURI).href }) };
}

/** An attribute's value, or null when it is absent or blank (`catalog=""` is no URL: read as one, it would fetch the page itself). */
function urlAttribute(host: Element, name: string): string | null {
  const value = host.getAttribute(name);
  return value === null || value.trim() === '' ? null : value;
}

/** The URL the tools load from, as written: `index`, which wins, else `catalog`, else null (a blank attribute counts as absent). */
export function readSource(host: Element): string | null {
  return urlAttribute(host, 'index') ?? urlAttribute(host, 'catalog');
}

/** Whether the source is a `loadout index` file (binary) rather than a catalog (text). */
export function readsIndex(host: Element): boolean {
  return urlAttribute(host, 'index') !== null;
}

/** `max-tools`, validated (throws `invalid-option`). */
export function readMaxTools(host: Element): number {
  return integerAttribute('max-tools', host.getAttribute('max-tools'), MAX_TOOLS_RANGE);
}

/** `limit`, validated (throws `invalid-option`). */
export function readLimit(host: Element): number {
  return integerAttribute('limit', host.getAttribute('limit'), LIMIT_RANGE);
}

/** `ranker`, or null for the engine's default. */
export function readRanker(host: Element): string | null {
  return host.getAttribute('ranker');
}

/** Whether `static-table` is set (the rankers that need it can run). */
export function hasStaticTable(host: Element): boolean {
  return host.hasAttribute('static-table');
}

/** `placeholder` and `label` (the box's accessible name), each defaulting to "Search tools". */
export function readBoxText(host: Element): { readonly placeholder: string; readonly label: string } {
  return { placeholder: host.getAttribute('placeholder') ?? DEFAULT_BOX_TEXT, label: host.getAttribute('label') ?? DEFAULT_BOX_TEXT };
}
