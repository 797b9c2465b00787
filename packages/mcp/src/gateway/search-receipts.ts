import type { CatalogTool, MaybePromise, ToolSearchAnswer, UsageEvent } from '@loadout/core';
import { deliverUsage } from '@loadout/core/adapter';
import { isPromise, thenMaybe } from '@loadout/core/utils';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { decodeSearchId, type SearchReceipt } from './search-id.js';

/**
 * Checks the receipts (`searchId`s) calls carry, for `calls: 'found'` and for
 * usage recording alike; see {@link createSearchReceipts}.
 */
export interface SearchReceipts {
  /** A `searchId` this replica just gave out: checking it later needs no search. */
  issued(searchId: string): void;
  /**
   * The receipt `searchId` names when it is valid for `tool`: the id names
   * the tool, and either this replica issued it or its search, run again
   * with as many results as the id names tools, returns the tool. Undefined
   * otherwise (a forged id is worth what running its search is worth).
   * Synchronous when the ranker is; never throws or rejects.
   */
  check(tool: CatalogTool, searchId: unknown): MaybePromise<SearchReceipt | undefined>;
  /** A recording context (one session, or every stateless request of this replica); undefined when nothing is recorded. */
  recorder(): ReceiptRecorder | undefined;
}

/**
 * Records the usage of one context: a call of a tool under a checked receipt
 * is the event `{ query, called: [tool], at }`, once per receipt and tool on
 * this replica, whichever context records it first (calling it again after
 * the same search adds nothing, nor does a client retrying it in a new
 * session after its first was closed; every search has its own receipt, so
 * two sessions running the same query still record twice).
 * `select:` receipts name their tools and record nothing.
 */
export interface ReceiptRecorder {
  record(tool: CatalogTool, receipt: SearchReceipt): void;
}

/** Options of {@link createSearchReceipts}. */
export interface SearchReceiptsOptions {
  /** Runs a search again (`gateway.answer`): `{ query, limit }`. */
  readonly answer: (args: { query: string; limit: number }) => MaybePromise<ToolSearchAnswer>;
  /** Receives the events; undefined: nothing is recorded. */
  readonly recordUsage: ((event: UsageEvent) => void) | undefined;
  readonly logger: GatewayLogger;
  /** The clock of an event's `at`, ms since the epoch. Default `Date.now`. */
  readonly now?: () => number;
  /** Ids issued here, and (receipt, tool) pairs recorded, remembered at most (the oldest forgotten first). Default 10,000. */
  readonly maxRemembered?: number;
}

/** Adds `key` to `set`, forgetting the oldest past `max`. */
function remember(set: Set<string>, key: string, max: number): void {
  set.add(key);
  if (set.size > max) set.delete(set.values().next().value!);
}

/**
 * What `serve --record` records and `calls: 'found'` allows, from receipts:
 * a search result carries its `searchId`, a call passes it back (or, in a
 * session, a direct call implies the session's latest search), and the
 * receipt is checked before it counts. Stateless across replicas: an id
 * another replica issued is checked by running its search again.
 */
export function createSearchReceipts(options: SearchReceiptsOptions): SearchReceipts {
  const { answer, recordUsage, logger } = options;
  const now = options.now ?? Date.now;
  const max = options.maxRemembered ?? 10_000;
  const issued = new Set<string>();
  /** (receipt, tool) pairs recorded, by every context of this replica. */
  const recorded = new Set<string>();

  const rerun = (tool: CatalogTool, receipt: SearchReceipt): MaybePromise<SearchReceipt | undefined> =>
    thenMaybe(answer({ query: receipt.query, limit: receipt.size }), (again) => {
      if (!again.ok || !again.tools.some((hit) => hit.tool.displayName === tool.displayName)) return undefined;
      // The search gives back the very tools the id names: it is as good as issued here.
      if (again.tools.length === receipt.size && again.tools.every((hit) => receipt.found(hit.tool.displayName))) remember(issued, receipt.id, max);
      return receipt;
    });

  return {
    issued: (searchId) => remember(issued, searchId, max),
    check(tool, searchId) {
      const receipt = decodeSearchId(searchId);
      if (receipt === undefined || !receipt.found(tool.displayName)) return undefined;
      if (issued.has(receipt.id)) return receipt;
      try {
        const checked = rerun(tool, receipt);
        return isPromise(checked) ? checked.catch(() => undefined) : checked;
      } catch {
        return undefined;
      }
    },
    recorder() {
      if (recordUsage === undefined) return undefined;
      return {
        record(tool, receipt) {
          if (/^select:/i.test(receipt.query.trim())) return;
          const key = `${receipt.id}\u0000${tool.displayName}`;
          if (recorded.has(key)) return;
          remember(recorded, key, max);
          deliverUsage(recordUsage, { query: receipt.query, called: [tool.displayName], at: now() }, (error) =>
            logger.warn(`recordUsage failed, the event was not recorded: ${error instanceof Error ? error.message : String(error)}`),
          );
        },
      };
    },
  };
}
