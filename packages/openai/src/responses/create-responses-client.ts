import type { ToolSearchWarning } from '@loadout/core/adapter';
import { createLoadoutError, describeValue } from '@loadout/core';
import {
  answerFunctionCall,
  createToolFailureReporter,
  createDeploymentMemory,
  createFallbackStep,
  deploymentKey,
  invalidOption,
  ownToolNames,
  readMaxSteps,
  reportUnloaded,
} from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { createResponsesSession } from './create-responses-session.js';
import type { ResponsesSession, ResponsesSessionSnapshot } from './create-responses-session.js';
import { responseText } from './response-text.js';
import type { ResponsesClient, ResponsesClientOptions, ResponsesRunOptions, ResponsesRunParams, ResponsesRunResult } from './responses-client-types.js';
import type { FunctionCallItem, ResponseInputItem, ResponseLike, ToolSearchCallItem } from './responses-types.js';
import { withoutToolSearchItems } from './without-tool-search-items.js';

/** What a Responses deployment says when it does not take client tool search. */
const REJECTION_PATTERN = /tool_search|tool search|defer_loading|namespace|execution/i;

const OWNER = 'createResponsesClient';
/** Finished runs whose sessions a client keeps for chains continued by a later run; the oldest are forgotten first. */
const MAX_FINISHED_CHAINS = 1_000;
const invalid = (option: string, message: string, value: unknown): never => invalidOption(OWNER, option, message, value);

function readResponse(value: unknown): ResponseLike {
  if (!isRecord(value) || typeof value['id'] !== 'string' || !Array.isArray(value['output'])) {
    throw createLoadoutError('invalid-input', `createResponsesClient: the API answered something that is not a response: ${describeValue(value)}`);
  }
  return value as unknown as ResponseLike;
}

/**
 * Wraps an `openai` client so `run` sends one turn with client-executed
 * tool search: it adds the tools of {@link ResponsesToolSearch.request},
 * answers every `tool_search_call` with a `tool_search_output` of the same
 * `call_id`, runs function calls with the caller's `callTool` and sends
 * their outputs, until a response calls nothing (or `maxSteps`). The
 * loaded-tools session follows the conversation: the input of each request
 * and the `previous_response_id` chain it continues.
 *
 * One client serves any number of concurrent conversations: each `run` has
 * its own session (read from its input), unless `session` is given (then
 * every run uses that one: a client for one conversation). A run that
 * continues a `previous_response_id` chain an earlier run of this client
 * ended (its `responseId`) starts from that run's session; the client keeps
 * the last 1,000 in memory only, so a chain continued by another client or
 * process knows no loaded tools (give that client a session restored from
 * `ResponsesSession.snapshot()`).
 *
 * A `callTool` that throws (or rejects) does not end the run: its output is
 * `{ error: "<name> failed: <message>", code: "tool-failed" }`, which the
 * model sees, with what
 * looks like a credential in the message masked (core's `redactSecrets`; `toolErrorMessage` chooses the text instead); the full
 * error goes to `onWarning` and the run's `warnings` as a `tool-failed`
 * warning.
 *
 * A call of a deferred tool the conversation never loaded is answered with
 * an error output (`tool-not-loaded`) without calling `callTool`; a call of
 * a name neither in the catalog nor among the caller's tools, with
 * `unknown-tool`. Each catalog tool `callTool` runs is passed to
 * {@link ResponsesToolSearch.called} first (usage recording, with the tool
 * search's `recordUsage`). When the deployment rejects tool search with a 400 that
 * names it, the request is retried once with every tool upfront (or, for
 * catalogs over the API's function limit, a plain `search_tools` function),
 * the deployment (base URL and model) is remembered so later requests skip
 * tool search, and a `tool-search-rejected` warning is raised. In
 * `plain-search` mode, loaded tools past `maxFunctions` are unloaded, least
 * recently loaded or called first (the search output names them; a search
 * loads them again), with a `tools-unloaded` warning. Every other API
 * error is thrown unchanged.
 */
export function createResponsesClient(options: ResponsesClientOptions): ResponsesClient {
  if (!isRecord(options)) invalid('options', 'must be an object', options);
  const { client, toolSearch } = options;
  if (!isRecord(client) || !isRecord(client.responses) || typeof client.responses.create !== 'function') {
    invalid('client', 'must be an openai client (new OpenAI())', client);
  }
  if (!isRecord(toolSearch) || typeof toolSearch.request !== 'function') invalid('toolSearch', 'must come from createResponsesToolSearch', toolSearch);
  const maxSteps = readMaxSteps(OWNER, options.maxSteps);
  const toolFailed = createToolFailureReporter(OWNER, options);
  const memory = options.memory ?? createDeploymentMemory();
  const shared = options.session;
  /** The sessions of runs this client finished (without a shared session), by their last response id. */
  const finished = new Map<string, ResponsesSessionSnapshot>();
  const sessionFor = (startId: string | undefined): ResponsesSession => {
    if (shared !== undefined) return shared;
    const snapshot = startId === undefined ? undefined : finished.get(startId);
    return snapshot === undefined ? createResponsesSession() : createResponsesSession({ snapshot });
  };
  const finish = (session: ResponsesSession, responseId: string): void => {
    if (shared !== undefined) return;
    finished.delete(responseId);
    finished.set(responseId, session.snapshot());
    if (finished.size > MAX_FINISHED_CHAINS) finished.delete(finished.keys().next().value!);
  };
  const create = client.responses.create.bind(client.responses) as (body: unknown, requestOptions?: unknown) => PromiseLike<unknown>;

  const run = async (params: ResponsesRunParams, runOptions: ResponsesRunOptions): Promise<ResponsesRunResult> => {
    if (!isRecord(params) || typeof params.model !== 'string') invalid('params', 'must be a responses.create body with a model', params);
    if (!isRecord(runOptions) || typeof runOptions.callTool !== 'function') invalid('callTool', 'must be a function answering function calls', runOptions?.callTool);
    const { input, tools: ownTools = [], previous_response_id: startId, stream, ...rest } = params;
    if (stream === true) invalid('stream', 'is not supported by run (it reads whole responses)', stream);
    const ownNames = ownToolNames(ownTools);
    const chain = runOptions.chain ?? startId !== undefined;
    const session = sessionFor(chain ? startId : undefined);
    const key = deploymentKey(client.baseURL, params.model);
    const warnings: ToolSearchWarning[] = [];
    const loaded: string[] = [];
    const unloaded: string[] = [];
    let conversation: ResponseInputItem[] = typeof input === 'string' ? [{ role: 'user', content: input }] : [...input];
    let pending = conversation;
    let previous = startId;
    const fallback = createFallbackStep({ pattern: REJECTION_PATTERN, memory, key, retried: 'without tool search', warnings, onWarning: options.onWarning });
    /** Unloads tools a request or an answer had no room for, and warns. */
    const unload = (names: readonly string[]): void => {
      unloaded.push(...reportUnloaded(session, names, toolSearch.maxFunctions, OWNER, warnings, options.onWarning));
    };

    /** A run's own session reads the conversation it is given as loaded before the run: only what this run loads or unloads is reported. */
    let baseline = shared === undefined;
    for (let step = 1; ; step++) {
      const disabled = memory.has(key);
      let sent = chain ? pending : conversation;
      if (disabled) sent = withoutToolSearchItems(sent);
      const change = session.sync(sent, chain ? previous : undefined);
      if (!baseline) {
        loaded.push(...change.loaded);
        unloaded.push(...change.unloaded);
      }
      baseline = false;
      const request = toolSearch.request({ disabled, loaded: session.loaded() });
      unload(request.unloaded);
      if (request.mode !== 'tool-search') sent = withoutToolSearchItems(sent);
      const body = {
        ...rest,
        input: sent,
        tools: [...request.tools, ...ownTools],
        ...(chain && previous !== undefined ? { previous_response_id: previous } : {}),
      };
      const outcome = await fallback.send(request.mode === 'tool-search', () => create(body, runOptions.requestOptions));
      if (!outcome.sent) {
        step--;
        continue;
      }
      const response = readResponse(outcome.value);
      session.commit(response, request.mode === 'plain-search' ? toolSearch.searchToolName : undefined);
      conversation = [...conversation, ...response.output];
      const answers: ResponseInputItem[] = [];
      /** Tools this step's answers loaded (the session reads them with the next request). */
      const justLoaded: string[] = [];
      for (const item of response.output) {
        if (!isRecord(item)) continue;
        if (toolSearch.isSearchCall(item)) {
          const answer = await toolSearch.answer(item as unknown as ToolSearchCallItem | FunctionCallItem, {
            isLoaded: session.isLoaded,
            loaded: [...new Set([...session.loaded(), ...justLoaded])],
          });
          unload(answer.unloaded);
          justLoaded.push(...answer.loaded);
          answers.push(answer.output);
          if (answer.message !== null && answer.output.type === 'tool_search_output') {
            // The tool is `tool_search` here; a message about its arguments names it already.
            const named = !answer.answer.ok && answer.answer.stage === 'arguments';
            answers.push({ type: 'message', role: 'developer', content: named ? answer.message : `tool_search: ${answer.message}` });
          }
          continue;
        }
        if (item['type'] !== 'function_call') continue;
        const call = item as unknown as FunctionCallItem;
        const output = await answerFunctionCall(call.name, call.arguments, call.call_id, {
          toolFor: toolSearch.toolFor,
          notLoaded: (name) => request.mode !== 'upfront' && toolSearch.isDeferred(name) && !session.isLoaded(name),
          ownNames,
          searchName: request.mode === 'tool-search' ? 'tool_search' : toolSearch.searchToolName,
          callTool: runOptions.callTool,
          called: toolSearch.called,
          failed: (call, error) => toolFailed(call, error, warnings),
        });
        answers.push({ type: 'function_call_output', call_id: call.call_id, output });
      }
      const done = answers.length === 0;
      if (done || step >= maxSteps) {
        finish(session, response.id);
        return {
          response,
          text: responseText(response),
          input: conversation,
          responseId: response.id,
          mode: request.mode,
          steps: step,
          truncated: !done,
          loaded,
          unloaded,
          fallback: fallback.fellBack,
          warnings,
        };
      }
      conversation = [...conversation, ...answers];
      pending = answers;
      previous = response.id;
    }
  };

  return { run, toolSearch, session: shared, memory };
}
