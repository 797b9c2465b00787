import { createLoadoutError, describeValue } from '@loadout/core';
import { TOOL_SEARCH_BETA } from './constants.js';
import { TOOL_SEARCH_MODES } from './tool-search-options.js';
import type { CreateToolSearchOptions, ToolSearchMode } from './tool-search-options.js';

/** The options of {@link createToolSearch} that core's kit does not read, checked, with defaults applied. */
export interface ToolSearchSettings {
  readonly mode: ToolSearchMode;
  readonly beta: string | null;
}

function invalid(option: string, message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `createToolSearch: ${option} ${message}, got ${describeValue(value)}`, { option, value });
}

/**
 * Checks the options only `createToolSearch` has (`policy`, `mode`, `beta`)
 * and the ranker client mode needs; throws `invalid-option` naming the first
 * bad one. Core's kit checks the rest (catalog, limits, search tool name,
 * `recordUsage`).
 */
export function readToolSearchOptions(options: CreateToolSearchOptions): ToolSearchSettings {
  if (typeof options !== 'object' || options === null) invalid('options', 'must be an object', options);
  const policy: unknown = options.policy;
  if (typeof policy !== 'object' || policy === null || typeof (policy as { model?: unknown }).model !== 'string') {
    invalid('policy', 'must be an object with a model id', policy);
  }
  const mode = options.mode ?? 'client';
  if (!TOOL_SEARCH_MODES.includes(mode)) invalid('mode', `must be one of ${TOOL_SEARCH_MODES.join(', ')}`, mode);
  if (mode === 'client' && (typeof options.ranker !== 'object' || options.ranker === null || typeof options.ranker.search !== 'function')) {
    invalid('ranker', 'is required in client mode (a Loadout Ranker)', options.ranker);
  }
  const beta = options.beta === undefined ? TOOL_SEARCH_BETA : options.beta;
  if (beta !== null && (typeof beta !== 'string' || beta.trim() === '')) invalid('beta', 'must be a non-empty string or null', beta);
  return { mode, beta };
}
