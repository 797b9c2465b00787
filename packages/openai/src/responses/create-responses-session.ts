import { createLoadoutError, describeValue } from '@loadout/core';
import { createDiscoverySession } from '@loadout/core/adapter';
import type { DiscoveryChange, DiscoverySessionSnapshot } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { inputDiscoveries } from './input-discoveries.js';
import type { ResponseInputItem, ResponseLike } from './responses-types.js';

/**
 * The loaded tools of one Responses conversation (§3 of the behaviour
 * spec). A tool is loaded by a `tool_search_output` (or the plain search
 * function's output) in the conversation: in the request's `input`, or
 * earlier in the `previous_response_id` chain it continues. It is unloaded
 * when a request no longer carries any of them (the caller compacted the
 * input or started a new chain). The chain is known only to this object
 * (in this process): to continue a chain elsewhere, carry
 * {@link ResponsesSession.snapshot} over.
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
  /** A JSON-safe copy of the state (loaded tools, the responses committed, the plain search calls), for {@link ResponsesSessionOptions.snapshot}. */
  snapshot(): ResponsesSessionSnapshot;
  /** Unloads everything and forgets every response. */
  reset(): void;
}

/** A JSON-safe copy of a {@link ResponsesSession}. */
export interface ResponsesSessionSnapshot {
  readonly version: 1;
  /** The loaded tools (core's discovery session). */
  readonly discoveries: DiscoverySessionSnapshot;
  /** Each response committed, with the ids of the tool-loading answers its conversation held. */
  readonly responses: readonly { readonly id: string; readonly answers: readonly string[] }[];
  /** Call ids of the plain search function's calls. */
  readonly plainCalls: readonly string[];
}

/** Options of {@link createResponsesSession}. */
export interface ResponsesSessionOptions {
  /** Continue from a {@link ResponsesSession.snapshot} (e.g. after a JSON round trip, in another process). Default: an empty session. */
  readonly snapshot?: ResponsesSessionSnapshot;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function invalidSnapshot(message: string, value: unknown): never {
  throw createLoadoutError('invalid-input', `responses session snapshot: ${message}, got ${describeValue(value)}`, { value });
}

/** The responses of a snapshot, checked. */
function restoredChains(snapshot: unknown): Map<string, readonly string[]> {
  if (!isRecord(snapshot) || snapshot['version'] !== 1) invalidSnapshot('expected an object of version 1', snapshot);
  const responses = snapshot['responses'];
  if (!Array.isArray(responses)) invalidSnapshot('expected a responses array', responses);
  if (!isStringList(snapshot['plainCalls'])) invalidSnapshot('expected a plainCalls list of strings', snapshot['plainCalls']);
  const chains = new Map<string, readonly string[]>();
  for (const response of responses as unknown[]) {
    if (!isRecord(response) || typeof response['id'] !== 'string' || !isStringList(response['answers'])) {
      invalidSnapshot('each response needs a string id and a list of string answers', response);
    }
    chains.set(response['id'] as string, response['answers'] as string[]);
  }
  return chains;
}

/** Creates a {@link ResponsesSession}, empty or from a snapshot. Throws `invalid-input` naming the offending part of a malformed snapshot. */
export function createResponsesSession(options: ResponsesSessionOptions = {}): ResponsesSession {
  const { snapshot } = options;
  const discoveries = createDiscoverySession(snapshot === undefined ? {} : { snapshot: snapshot.discoveries });
  let chains = snapshot === undefined ? new Map<string, readonly string[]>() : restoredChains(snapshot);
  let plainCalls = new Set(snapshot === undefined ? [] : snapshot.plainCalls);
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
    snapshot: () => ({
      version: 1,
      discoveries: discoveries.snapshot(),
      responses: [...chains].map(([id, answers]) => ({ id, answers: [...answers] })),
      plainCalls: [...plainCalls],
    }),
    reset() {
      discoveries.reset();
      chains = new Map();
      plainCalls = new Set();
      present = [];
    },
  };
}
