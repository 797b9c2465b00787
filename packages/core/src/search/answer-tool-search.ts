import { describeValue, isLoadoutError } from '../errors/loadout-error.js';
import type { MaybePromise, SearchHit, SyncRanker } from '../ranking/ranker.js';
import { isPromise } from '../utils/maybe-promise.js';
import { readSearchArguments } from './read-search-arguments.js';
import type { FoundTool, ToolSearchAnswer, ToolSearchContext, ToolSearchFailure } from './tool-search-answer.js';

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 100;

function found(hit: SearchHit, available: boolean): FoundTool {
  const { tool } = hit;
  return {
    tool,
    name: tool.apiName,
    displayName: tool.displayName,
    server: tool.server,
    description: tool.description,
    inputSchema: tool.inputSchema,
    available,
    score: hit.score,
  };
}

/**
 * The search-tool kernel every adapter shares: reads a call's arguments
 * (`{ query, limit? }`), waits for the index, ranks with
 * `context.ranker` (only tools passing `context.filter`), and returns the
 * found tools in provider-neutral form (name, description, input schema,
 * availability). Adapters only render the answer: `tool_reference` blocks
 * for the Messages API, a text list for the Agent SDK, structured content
 * for MCP.
 *
 * Never rejects: malformed arguments are `{ ok: false, stage: 'arguments' }`,
 * a rejected query or a failing ranker `{ ok: false, stage: 'search' }`
 * with the error's code (`ranker-failed` for a non-Loadout error) and a
 * message for the model. {@link answerToolSearchNow} is the same kernel
 * without the promise when nothing needs one.
 */
export async function answerToolSearch(input: unknown, context: ToolSearchContext): Promise<ToolSearchAnswer> {
  return answerToolSearchNow(input, context);
}

/**
 * {@link answerToolSearch}, answering synchronously when it can: when
 * `context.ready` is absent or returns no promise and the ranker's `search`
 * returns its hits directly (every {@link SyncRanker}), the answer is
 * returned as a plain value, with no microtask in between; otherwise a
 * promise of it. Servers on a hot path (the MCP gateway) use it so a search
 * costs no more turns of the event loop than the ranking itself. Never throws
 * and never rejects, with the same failures as {@link answerToolSearch}.
 */
export function answerToolSearchNow(input: unknown, context: ToolSearchContext): MaybePromise<ToolSearchAnswer> {
  const limit = context.limit ?? DEFAULT_LIMIT;
  const read = readSearchArguments(input, {
    toolName: context.toolName ?? 'search_tools',
    limit,
    maxLimit: context.maxLimit ?? MAX_LIMIT,
    overLimit: context.overLimit ?? 'lower',
  });
  if ('message' in read) return { ok: false, stage: 'arguments', code: 'invalid-input', message: read.message };
  const { query } = read;
  const failed = (error: unknown): ToolSearchFailure => {
    if (isLoadoutError(error)) return { ok: false, stage: 'search', code: error.code, message: error.message, query };
    const reason = error instanceof Error ? error.message : describeValue(error);
    return { ok: false, stage: 'search', code: 'ranker-failed', message: `the ranker threw an error (${reason})`, query };
  };
  const { available } = context;
  const answer = (hits: readonly SearchHit[]): ToolSearchAnswer => ({
    ok: true,
    query,
    limit: read.limit,
    tools: hits.map((hit) => found(hit, available === undefined ? true : available(hit.tool))),
  });
  const search = (): MaybePromise<ToolSearchAnswer> => {
    let hits: MaybePromise<readonly SearchHit[]>;
    try {
      hits = context.ranker.search(query, { limit: read.limit, ...(context.filter === undefined ? {} : { filter: context.filter }) });
    } catch (error) {
      return failed(error);
    }
    return isPromise(hits) ? hits.then(answer, failed) : answer(hits);
  };
  let ready: MaybePromise<void>;
  try {
    ready = context.ready?.();
  } catch (error) {
    return failed(error);
  }
  return isPromise(ready) ? ready.then(search, failed) : search();
}
