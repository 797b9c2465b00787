import { createDiscoverySession } from '@loadout/core/adapter';
import type { DiscoveryChange } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { inputDiscoveries } from './input-discoveries.js';
import type { ResponseInputItem, ResponseLike } from './responses-types.js';

/**
 * The loaded tools of one Responses conversation (§3 of the behaviour
 * spec). A tool is loaded by a `tool_search_output` (or the plain search
 * function's output) in the conversation: in the request's `input`, or
 * earlier in the `previous_response_id` chain it continues. It is unloaded
 * when a request no longer carries any of them (the caller compacted the
 * input or started a new chain).
 */
export interface ResponsesSession {
  /**
   * Reads one request as it will be sent: its input, and the response it
   * continues (`previous_response_id`; a response this session has not
   * seen contributes nothing). Call it before every request.
   */
  sync(input: readonly ResponseInputItem[], previousResponseId?: string): DiscoveryChange;
  /** Records a response to the request last synced (so a later request may chain on it) and the plain search calls it made. */
  commit(response: ResponseLike, plainSearchName?: string): void;
  isLoaded(apiName: string): boolean;
  /** Unloads these tools although outputs that loaded them are still in the conversation (a request could not declare them all); a new search loads them again. */
  unload(apiNames: Iterable<string>): DiscoveryChange;
  /** Loaded tools in order of first load. */
  loaded(): string[];
  /** Unloads everything and forgets every response. */
  reset(): void;
}

/** Creates an empty {@link ResponsesSession}. */
export function createResponsesSession(): ResponsesSession {
  const discoveries = createDiscoverySession();
  let chains = new Map<string, readonly string[]>();
  let plainCalls = new Set<string>();
  let present: readonly string[] = [];

  return {
    sync(input, previousResponseId) {
      const chained = previousResponseId === undefined ? [] : (chains.get(previousResponseId) ?? []);
      const found = inputDiscoveries(input, (id) => plainCalls.has(id));
      present = [...new Set([...chained, ...found.map((discovery) => discovery.callId)])];
      return discoveries.sync(found, chained);
    },
    commit(response, plainSearchName) {
      chains.set(response.id, present);
      if (plainSearchName === undefined) return;
      for (const item of response.output) {
        if (isRecord(item) && item['type'] === 'function_call' && item['name'] === plainSearchName && typeof item['call_id'] === 'string') {
          plainCalls.add(item['call_id']);
        }
      }
    },
    isLoaded: discoveries.isLoaded,
    unload: discoveries.unload,
    loaded: discoveries.loaded,
    reset() {
      discoveries.reset();
      chains = new Map();
      plainCalls = new Set();
      present = [];
    },
  };
}
