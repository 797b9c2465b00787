import type { CatalogTool, UsageEvent } from '@loadout/core';
import { deliverUsage } from '@loadout/core/adapter';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { decodeSearchId } from './search-id.js';

/** Records the positives of calls that carry a `searchId`; see {@link createSearchReceipts}. */
export interface SearchReceipts {
  /**
   * A call of `tool` with `searchId`: when the search it names found the tool
   * and this (search, tool) pair was not recorded yet here, its positive goes
   * to `recordUsage`. Returns whether `searchId` was a valid receipt (then the
   * session's own tracker is not asked).
   */
  called(tool: CatalogTool, searchId: unknown): boolean;
}

/** Most (search, tool) pairs remembered to record each positive once per replica. */
const MAX_REMEMBERED = 10_000;

/**
 * The stateless side of usage recording: a search result carries its
 * `searchId`, `call_tool` takes it back, and the positive is recorded by
 * whichever replica the call lands on. A pair called twice through one
 * replica is recorded once (the oldest pairs are forgotten first).
 */
export function createSearchReceipts(recordUsage: ((event: UsageEvent) => void) | undefined, logger: GatewayLogger, now: () => number = Date.now): SearchReceipts {
  const seen = new Set<string>();
  return {
    called(tool, searchId) {
      const receipt = decodeSearchId(searchId);
      if (receipt === undefined) return false;
      // A select: query names its tools: calling one is no evidence about ranking.
      if (recordUsage === undefined || !receipt.found(tool.displayName) || /^select:/i.test(receipt.query.trim())) return true;
      const key = `${searchId as string}\u0000${tool.displayName}`;
      if (seen.has(key)) return true;
      seen.add(key);
      if (seen.size > MAX_REMEMBERED) seen.delete(seen.values().next().value!);
      deliverUsage(recordUsage, { query: receipt.query, called: [tool.displayName], at: now() }, (error) =>
        logger.warn(`recordUsage failed, the event was not recorded: ${error instanceof Error ? error.message : String(error)}`),
      );
      return true;
    },
  };
}
