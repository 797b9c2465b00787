import type { Catalog } from '../catalog/catalog.js';
import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { builtinTopic } from './builtin-topics.js';
import { charsPerTokenCounter } from './chars-per-token-counter.js';
import { joinList } from './join-list.js';
import { prettyServerName } from './service-names.js';

/** Default of {@link SummarizeCatalogOptions.maxTokens}. */
export const DEFAULT_SUMMARY_MAX_TOKENS = 120;

/** Options of {@link summarizeCatalog}. */
export interface SummarizeCatalogOptions {
  /** Token budget of the sentence; a non-negative number. Default: 120. */
  maxTokens?: number;
  /** Counts the sentence's tokens. Default: one token per 4 characters, rounded up. */
  tokenCounter?: TokenCounter;
  /**
   * The servers to mention, e.g. those whose tools a plan deferred. Default:
   * every server with at least one deferrable tool (MCP, not `alwaysLoad`,
   * server not `alwaysLoad`). Either way they are ordered by tool count.
   */
  servers?: readonly string[];
}

interface Service {
  readonly name: string;
  tools: number;
}

function serviceCounts(catalog: Catalog, only: readonly string[] | undefined): Service[] {
  const wanted = only === undefined ? undefined : new Set(only);
  const counts = new Map<string, number>();
  for (const server of only ?? []) counts.set(server, 0);
  for (const tool of catalog.tools) {
    if (tool.kind !== 'mcp' || tool.server === null) continue;
    if (wanted === undefined) {
      if (tool.alwaysLoad || catalog.servers[tool.server]?.alwaysLoad === true) continue;
    } else if (!wanted.has(tool.server)) {
      continue;
    }
    counts.set(tool.server, (counts.get(tool.server) ?? 0) + 1);
  }
  const byName = new Map<string, Service>();
  for (const [server, tools] of counts) {
    const name = prettyServerName(server);
    const service = byName.get(name);
    if (service === undefined) byName.set(name, { name, tools });
    else service.tools += tools;
  }
  return [...byName.values()].sort((a, b) => b.tools - a.tools || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function builtinTopics(catalog: Catalog): string[] {
  const topics = new Set<string>();
  for (const tool of catalog.tools) if (tool.kind === 'builtin' && !tool.alwaysLoad) topics.add(builtinTopic(tool.name));
  return [...topics];
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function sentence(services: readonly Service[], shown: number, builtins: string | undefined): string {
  if (services.length === 0) return `You can search for ${builtins!}.`;
  const items = services.slice(0, shown).map((service) => service.name);
  const hidden = services.length - shown;
  if (hidden > 0) items.push(shown === 0 ? countOf(hidden, 'service') : `${hidden} more service${hidden === 1 ? '' : 's'}`);
  if (builtins !== undefined) items.push(builtins);
  return `You can search for tools to interact with ${joinList(items)}.`;
}

/** How many servers may be named: all, or few enough that at least two hide behind "N more services". */
function shownCounts(total: number): number[] {
  if (total <= 1) return [total];
  const counts = Array.from({ length: total - 1 }, (_, index) => index);
  counts.push(total);
  return counts;
}

function largestFitting(options: readonly number[], fits: (shown: number) => boolean): number | undefined {
  if (!fits(options[0]!)) return undefined;
  let low = 0;
  let high = options.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(options[middle]!)) low = middle;
    else high = middle - 1;
  }
  return options[low];
}

/**
 * A system-prompt sentence telling the agent what it can search for, e.g.
 * "You can search for tools to interact with Slack, GitHub, Jira, and
 * built-in tools for web search." Servers come first, ordered by tool count
 * (ties by name), with display names from a table of well-known services;
 * deferrable built-ins follow. When the sentence exceeds `maxTokens`, the
 * smallest servers give way to "and N more services" (never "1 more
 * service": that one is named instead), then the built-in
 * topics to a plain "built-in tools". The result never exceeds `maxTokens`
 * when any such sentence fits; when none does, the shortest is returned.
 * Empty when there is nothing to search (no deferrable tool).
 */
export function summarizeCatalog(catalog: Catalog, options: SummarizeCatalogOptions = {}): string {
  const { maxTokens = DEFAULT_SUMMARY_MAX_TOKENS, tokenCounter = charsPerTokenCounter, servers } = options;
  if (typeof maxTokens !== 'number' || Number.isNaN(maxTokens) || maxTokens < 0) {
    throw createLoadoutError('invalid-option', `maxTokens must be a non-negative number (got ${describeValue(maxTokens)})`, {
      option: 'maxTokens',
      value: maxTokens,
    });
  }
  const services = serviceCounts(catalog, servers);
  const topics = builtinTopics(catalog);
  if (services.length === 0 && topics.length === 0) {
    const others = catalog.tools.filter((tool) => tool.kind === 'mcp' && !tool.alwaysLoad).length;
    return others === 0 || servers !== undefined ? '' : `You can search for ${countOf(others, 'tool')}.`;
  }
  const fitsBudget = (text: string): boolean => tokenCounter.count(text) <= maxTokens;
  const builtinForms = topics.length === 0 ? [undefined] : [`built-in tools for ${joinList(topics)}`, 'built-in tools'];
  const choices = shownCounts(services.length);
  for (const builtins of builtinForms) {
    const shown = largestFitting(choices, (count) => fitsBudget(sentence(services, count, builtins)));
    if (shown !== undefined) return sentence(services, shown, builtins);
  }
  return sentence(services, choices[0]!, builtinForms[builtinForms.length - 1]);
}
