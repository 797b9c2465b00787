import { createToolSession } from '@loadout/core';
import { isRecord } from '../shared/is-record.js';
import { inputDiscoveries } from './input-discoveries.js';
import type { ResponseInputItem, ResponseLike } from './responses-types.js';

/** What a sync changed. */
export interface ResponsesSessionChange {
  /** Tools loaded by outputs not seen before, in load order. */
  readonly loaded: string[];
  /** Tools unloaded because no output that loaded them is in the conversation any more. */
  readonly unloaded: string[];
}

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
  sync(input: readonly ResponseInputItem[], previousResponseId?: string): ResponsesSessionChange;
  /** Records a response to the request last synced (so a later request may chain on it) and the plain search calls it made. */
  commit(response: ResponseLike, plainSearchName?: string): void;
  isLoaded(apiName: string): boolean;
  /** Loaded tools in order of first load. */
  loaded(): string[];
  /** Unloads everything and forgets every response. */
  reset(): void;
}

/** Creates an empty {@link ResponsesSession}. */
export function createResponsesSession(): ResponsesSession {
  let core = createToolSession();
  let recorded = new Set<string>();
  let chains = new Map<string, readonly string[]>();
  let plainCalls = new Set<string>();
  let present: readonly string[] = [];

  return {
    sync(input, previousResponseId) {
      const before = new Set(core.loaded());
      const ids = new Set(previousResponseId === undefined ? [] : (chains.get(previousResponseId) ?? []));
      for (const { callId, toolNames } of inputDiscoveries(input, (id) => plainCalls.has(id))) {
        ids.add(callId);
        if (recorded.has(callId)) continue;
        core.recordSearch(callId, toolNames);
        recorded.add(callId);
      }
      const dropped = [...recorded].filter((id) => !ids.has(id));
      for (const id of dropped) recorded.delete(id);
      const { unloaded } = core.compact(dropped);
      present = [...ids];
      return { loaded: core.loaded().filter((name) => !before.has(name)), unloaded };
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
    isLoaded: (apiName) => core.isLoaded(apiName),
    loaded: () => core.loaded(),
    reset() {
      core = createToolSession();
      recorded = new Set();
      chains = new Map();
      plainCalls = new Set();
      present = [];
    },
  };
}
