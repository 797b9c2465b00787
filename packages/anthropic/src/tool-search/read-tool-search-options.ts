import { API_NAME_PATTERN, createCatalog, createLoadoutError, describeValue, isLoadoutError } from '@loadout/core';
import type { Catalog, Ranker } from '@loadout/core';
import { isSearchLimit } from '@loadout/core/utils';
import {
  DEFAULT_MAX_SEARCH_LIMIT,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SEARCH_TOOL_NAME,
  MAX_SEARCH_LIMIT,
  SERVER_SEARCH_TOOLS,
  TOOL_SEARCH_BETA,
} from './constants.js';
import { TOOL_SEARCH_MODES } from './tool-search-options.js';
import type { CreateToolSearchOptions, ToolSearchMode } from './tool-search-options.js';

/** {@link CreateToolSearchOptions} checked, with defaults applied. */
export interface ToolSearchSettings {
  readonly catalog: Catalog;
  readonly mode: ToolSearchMode;
  readonly ranker: Ranker | undefined;
  readonly searchToolName: string;
  readonly limit: number;
  readonly maxLimit: number;
  readonly beta: string | null;
  readonly maxQueryLength: number;
}

function invalid(option: string, message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `createToolSearch: ${option} ${message}, got ${describeValue(value)}`, { option, value });
}

function searchLimit(option: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!isSearchLimit(value, min)) invalid(option, `must be an integer from ${min} to ${MAX_SEARCH_LIMIT}`, value);
  return value;
}

function readCatalog(options: CreateToolSearchOptions): Catalog {
  if ((options.catalog === undefined) === (options.tools === undefined)) {
    invalid('catalog', 'or tools must be given (exactly one of them)', { catalog: options.catalog !== undefined, tools: options.tools !== undefined });
  }
  if (options.catalog !== undefined) return options.catalog;
  if (!Array.isArray(options.tools)) invalid('tools', 'must be an array of tools', options.tools);
  return createCatalog(options.tools, { servers: { ...options.servers } });
}

/** Checks every option of {@link createToolSearch}; throws `invalid-option` naming the first bad one. */
export function readToolSearchOptions(options: CreateToolSearchOptions): ToolSearchSettings {
  if (typeof options !== 'object' || options === null) invalid('options', 'must be an object', options);
  const policy: unknown = options.policy;
  if (typeof policy !== 'object' || policy === null || typeof (policy as { model?: unknown }).model !== 'string') {
    invalid('policy', 'must be an object with a model id', policy);
  }
  const mode = options.mode ?? 'client';
  if (!TOOL_SEARCH_MODES.includes(mode)) invalid('mode', `must be one of ${TOOL_SEARCH_MODES.join(', ')}`, mode);
  let catalog: Catalog;
  try {
    catalog = readCatalog(options);
  } catch (error) {
    if (isLoadoutError(error)) throw error;
    invalid('tools', 'could not be made into a catalog', String(error));
  }
  if (mode === 'client' && (typeof options.ranker !== 'object' || options.ranker === null || typeof options.ranker.search !== 'function')) {
    invalid('ranker', 'is required in client mode (a Loadout Ranker)', options.ranker);
  }
  const searchToolName = mode === 'client' ? (options.searchToolName ?? DEFAULT_SEARCH_TOOL_NAME) : SERVER_SEARCH_TOOLS[mode].name;
  if (typeof searchToolName !== 'string' || !API_NAME_PATTERN.test(searchToolName)) {
    invalid('searchToolName', `must match ${String(API_NAME_PATTERN)}`, searchToolName);
  }
  if (catalog.byApiName.has(searchToolName)) {
    invalid('searchToolName', 'must differ from every tool name in the catalog', searchToolName);
  }
  const limit = searchLimit('limit', options.limit, DEFAULT_SEARCH_LIMIT, 1);
  const maxLimit = searchLimit('maxLimit', options.maxLimit, Math.max(limit, DEFAULT_MAX_SEARCH_LIMIT), limit);
  const beta = options.beta === undefined ? TOOL_SEARCH_BETA : options.beta;
  if (beta !== null && (typeof beta !== 'string' || beta.trim() === '')) invalid('beta', 'must be a non-empty string or null', beta);
  if (options.recordUsage !== undefined && typeof options.recordUsage !== 'function') invalid('recordUsage', 'must be a function', options.recordUsage);
  const maxQueryLength = options.querySyntax?.maxQueryLength ?? 500;
  return { catalog, mode, ranker: options.ranker, searchToolName, limit, maxLimit, beta, maxQueryLength };
}
