import { integerOption } from '../utils/number-option.js';
import type { UsageEvent } from './usage-event.js';

/** Options of {@link createUsageTracker}. */
export interface UsageTrackerOptions {
  /** Newest searches remembered; a call of a tool only an older search found records nothing. Default 20; an integer 1–1,000. */
  readonly maxSearches?: number;
  /** The clock, in ms since the epoch (an event's `at`). Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * One session's search-then-call signal: a search followed by a call of
 * one of its hits in the same session is a positive usage event for that
 * search. Pure and bounded: it remembers only the newest searches.
 */
export interface UsageTracker {
  /** A search answered `query` with `tools` (names as the session calls them). `select:` queries name their tools, so they teach nothing and are ignored. */
  searched(query: string, tools: readonly string[]): void;
  /**
   * A call of `tool`: the event of the newest remembered search that found
   * it (`{ query, called: [tool], at }`), once per search and tool (calling
   * it again after the same search records nothing more, not even for an
   * older search that found it too); undefined when no remembered search
   * found it.
   */
  called(tool: string): UsageEvent | undefined;
}

interface Search {
  readonly query: string;
  readonly found: ReadonlySet<string>;
  /** Found tools already called after this search. */
  readonly called: Set<string>;
}

/** Creates a {@link UsageTracker}; see {@link UsageTrackerOptions}. */
export function createUsageTracker(options: UsageTrackerOptions = {}): UsageTracker {
  const max = integerOption('createUsageTracker', 'maxSearches', options.maxSearches, 20, 1, 1000);
  const now = options.now ?? Date.now;
  const searches: Search[] = [];
  return {
    searched(query, tools) {
      const text = query.trim();
      if (text.length === 0 || /^select:/i.test(text) || tools.length === 0) return;
      searches.push({ query: text, found: new Set(tools), called: new Set() });
      if (searches.length > max) searches.shift();
    },
    called(tool) {
      for (let index = searches.length - 1; index >= 0; index--) {
        const search = searches[index]!;
        if (!search.found.has(tool)) continue;
        if (search.called.has(tool)) return undefined;
        search.called.add(tool);
        return { query: search.query, called: [tool], at: now() };
      }
      return undefined;
    },
  };
}
