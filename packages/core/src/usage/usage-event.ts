/**
 * One past search of a deployment and what came of it: the query text and
 * the tools called after it (a positive signal for each). This is all the
 * usage learner stores: query text, tool names and a time.
 */
export interface UsageEvent {
  /** The query as the agent or user typed it. */
  readonly query: string;
  /** Tools called after the search (display names or own names), at least one. */
  readonly called: readonly string[];
  /** When it happened, in milliseconds since the epoch. Default: now (no decay). */
  readonly at?: number;
}
