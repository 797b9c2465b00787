import type { LoadoutErrorCode } from '@loadout/core';
import type { CatalogInput, LoadCatalogOptions, LoadedCatalog } from '../catalog/catalog-input.js';
import type { EngineConfig, TokenizerName } from '../engine/engine-options.js';
import type { EnginePlan, EngineSearchResult, PlanInput, RankerAvailability, RankerStatus } from '../engine/engine-types.js';
import { isRecord } from '@loadout/core/utils';

/** Version of the message protocol; the worker refuses an `init` of another version. */
export const PROTOCOL_VERSION = 1;

/** Every call a page makes to an engine worker: its parameters and its result. */
export interface EngineCalls {
  /** First message: creates the worker's engine. */
  init: { params: { version: number; config: EngineConfig }; result: { version: number } };
  loadCatalog: { params: { input: CatalogInput; options: LoadCatalogOptions }; result: LoadedCatalog };
  plan: { params: { input: PlanInput; tokenizer?: TokenizerName }; result: EnginePlan };
  search: { params: { query: string; ranker?: string; limit?: number; explain?: boolean }; result: EngineSearchResult };
  prepare: { params: { ranker: string }; result: RankerStatus };
  rankers: { params: Record<string, never>; result: readonly RankerAvailability[] };
  flush: { params: Record<string, never>; result: null };
}

/** A method name of {@link EngineCalls}. */
export type EngineMethod = keyof EngineCalls;

/** A call; `id` is unique per page-side engine and pairs the call with its response. */
export type CallMessage = { [M in EngineMethod]: { kind: 'call'; id: number; method: M; params: EngineCalls[M]['params'] } }[EngineMethod];

/** Asks the worker to drop call `id` (its result is no longer wanted); the call answers `cancelled` if still running. */
export interface CancelMessage {
  kind: 'cancel';
  id: number;
}

/** Page → worker. */
export type EngineRequest = CallMessage | CancelMessage;

/** The result of call `id`. */
export type ResultMessage = { [M in EngineMethod]: { kind: 'result'; id: number; method: M; value: EngineCalls[M]['result'] } }[EngineMethod];

/** An error as it crosses the boundary: a `LoadoutError` keeps its code and JSON-safe details. */
export interface WireError {
  name: string;
  message: string;
  code?: LoadoutErrorCode;
  details?: Record<string, unknown>;
}

/** The failure of call `id`. */
export interface ErrorMessage {
  kind: 'error';
  id: number;
  method: EngineMethod;
  error: WireError;
}

/** Worker → page. */
export type EngineResponse = ResultMessage | ErrorMessage;

const METHODS: readonly string[] = ['init', 'loadCatalog', 'plan', 'search', 'prepare', 'rankers', 'flush'] satisfies readonly EngineMethod[];

/** True for a well-formed {@link EngineRequest} (the worker ignores anything else). */
export function isEngineRequest(value: unknown): value is EngineRequest {
  if (!isRecord(value) || typeof value['id'] !== 'number') return false;
  if (value['kind'] === 'cancel') return true;
  return value['kind'] === 'call' && typeof value['method'] === 'string' && METHODS.includes(value['method']) && isRecord(value['params']);
}

/** True for a well-formed {@link EngineResponse} (the page ignores anything else). */
export function isEngineResponse(value: unknown): value is EngineResponse {
  if (!isRecord(value) || typeof value['id'] !== 'number' || typeof value['method'] !== 'string') return false;
  if (value['kind'] === 'result') return 'value' in value;
  return value['kind'] === 'error' && isRecord(value['error']);
}
