import type { CatalogTool, UsageEvent } from '@loadout/core';
import { numberOption } from '@loadout/core/utils';

/** Options of {@link createUsageField}. */
export interface UsageFieldOptions {
  /** The half-life of an event, in days (see `maxHalfLives`). Default 90; range 0.01–100,000. */
  readonly halfLifeDays?: number;
  /** Events older than this many half-lives are left out of the field. Default 2 (weight below 1/4); range 0–1,000. */
  readonly maxHalfLives?: number;
  /** Newest past queries kept per tool, so a popular tool's field stays short. Default 50; range 1–100,000. */
  readonly maxQueriesPerTool?: number;
  /** "Now" for decay, in ms since the epoch. Default: the newest event's time. */
  readonly now?: number;
}

/** A deployment's usage, ready for `createBm25Ranker({ usage: field.text })`. */
export interface UsageField {
  /** The past queries of a tool, one per line (those naming its display name, then its own name; each newest first); undefined without any. */
  readonly text: (tool: CatalogTool) => string | undefined;
  /** Events that entered the field. */
  readonly events: number;
  /** Distinct tool names they called. */
  readonly tools: number;
}

const DAY_MS = 86_400_000;

/**
 * Turns usage events into each tool's usage field: the newest
 * `maxQueriesPerTool` queries after which it was called, leaving out events
 * older than `maxHalfLives` half-lives. Events without a time count as
 * newest-last in the order given (a log's order).
 */
export function createUsageField(events: readonly UsageEvent[], options: UsageFieldOptions = {}): UsageField {
  const halfLifeMs = numberOption('@loadout/bm25', 'halfLifeDays', options.halfLifeDays, 90, 0.01, 100_000) * DAY_MS;
  const maxHalfLives = numberOption('@loadout/bm25', 'maxHalfLives', options.maxHalfLives, 2, 0, 1000);
  const cap = Math.round(numberOption('@loadout/bm25', 'maxQueriesPerTool', options.maxQueriesPerTool, 50, 1, 100_000));
  let newest = 0;
  for (const event of events) if (event.at !== undefined && event.at > newest) newest = event.at;
  const now = options.now ?? newest;
  const queries = new Map<string, string[]>();
  let used = 0;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    const halfLives = event.at === undefined ? 0 : Math.max(0, now - event.at) / halfLifeMs;
    if (halfLives > maxHalfLives || event.query.trim().length === 0) continue;
    used++;
    for (const name of new Set(event.called)) {
      const list = queries.get(name);
      if (list === undefined) queries.set(name, [event.query]);
      else if (list.length < cap) list.push(event.query);
    }
  }
  const byDisplay = (tool: CatalogTool): string[] => {
    const own = tool.displayName === tool.name ? undefined : queries.get(tool.name);
    const display = queries.get(tool.displayName);
    return [...(display ?? []), ...(own ?? [])];
  };
  return {
    text: (tool) => {
      const list = byDisplay(tool);
      return list.length === 0 ? undefined : list.join('\n');
    },
    events: used,
    tools: queries.size,
  };
}
