import type { ToolSearchWarning } from '@loadout/core/adapter';
import { createLoadoutError, describeValue } from '@loadout/core';
import {
  answerFunctionCall,
  createToolFailureReporter,
  createDeploymentMemory,
  createDiscoverySession,
  createFallbackStep,
  deploymentKey,
  invalidOption,
  ownToolNames,
  readMaxSteps,
  reportUnloaded,
} from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { chatDiscoveries, withoutToolReferences } from './chat-discoveries.js';
import type { ChatClient, ChatClientOptions, ChatRunOptions, ChatRunParams, ChatRunResult } from './chat-client-types.js';
import type { ChatCompletionLike, ChatMessage, ChatToolCall } from './chat-types.js';

const OWNER = 'createChatClient';
/** What a gateway says when it does not take deferred tools or tool references. */
const REJECTION_PATTERN = /defer_loading|tool_reference|tool reference/i;
const invalid = (option: string, message: string, value: unknown): never => invalidOption(OWNER, option, message, value);

function readCompletion(value: unknown): { completion: ChatCompletionLike; message: ChatMessage } {
  const choices = isRecord(value) ? value['choices'] : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  if (!isRecord(first) || !isRecord(first['message'])) {
    throw createLoadoutError('invalid-input', `${OWNER}: the API answered something that is not a chat completion: ${describeValue(value)}`);
  }
  return { completion: value as unknown as ChatCompletionLike, message: first['message'] };
}

function toolCalls(message: ChatMessage): ChatToolCall[] {
  const calls = message['tool_calls'];
  return Array.isArray(calls) ? calls.filter((call): call is ChatToolCall => isRecord(call) && typeof call['id'] === 'string' && isRecord(call['function'])) : [];
}

/**
 * Wraps an `openai` client pointed at an OpenAI-compatible gateway so `run`
 * sends one turn with tool search: it adds the tools of
 * {@link ChatToolSearch.request}, answers calls of the search function,
 * runs other function calls with `callTool`, and sends again until an
 * answer calls nothing (or `maxSteps`). Loaded tools follow the messages
 * (answers of the search function present in the conversation).
 *
 * In `tool-reference` mode, a 400 naming `defer_loading` or
 * `tool_reference` makes it retry once in `plain` mode (history's
 * references turned into JSON text), remember the gateway (base URL and
 * model) and warn `tool-search-rejected`. Calls of deferred tools not
 * loaded and of unknown names get error outputs without the handler; each
 * catalog tool the handler runs is passed to {@link ChatToolSearch.called}
 * first (usage recording, with the tool search's `recordUsage`). In `plain`
 * mode, when the loaded tools would not fit `maxFunctions`, the least
 * recently loaded or called are unloaded from the session (the search
 * answer names them to the model; a search loads them again) and a
 * `tools-unloaded` warning is raised. Every other error is thrown
 * unchanged.
 *
 * One client serves any number of concurrent conversations: each `run` has
 * its own session, read from its messages, unless `session` is given (then
 * every run uses that one: a client for one conversation, which also
 * tracks compaction across runs). A `callTool` that throws (or rejects)
 * does not end the run: its output is `{ error: "<name> failed: <message>",
 * code: "tool-failed" }`, which the model sees, with what
 * looks like a credential in the message masked (core's `redactSecrets`; `toolErrorMessage` chooses the text instead); the full
 * error goes to `onWarning` and the run's `warnings` as a `tool-failed`
 * warning.
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  if (!isRecord(options)) invalid('options', 'must be an object', options);
  const { client, toolSearch } = options;
  if (!isRecord(client) || !isRecord(client.chat) || !isRecord(client.chat.completions) || typeof client.chat.completions.create !== 'function') {
    invalid('client', 'must be an openai client (new OpenAI({ baseURL }))', client);
  }
  if (!isRecord(toolSearch) || typeof toolSearch.request !== 'function') invalid('toolSearch', 'must come from createChatToolSearch', toolSearch);
  const maxSteps = readMaxSteps(OWNER, options.maxSteps);
  const toolFailed = createToolFailureReporter(OWNER, options);
  const memory = options.memory ?? createDeploymentMemory();
  const shared = options.session;
  const create = client.chat.completions.create.bind(client.chat.completions) as (body: unknown, requestOptions?: unknown) => PromiseLike<unknown>;

  const run = async (params: ChatRunParams, runOptions: ChatRunOptions): Promise<ChatRunResult> => {
    if (!isRecord(params) || typeof params.model !== 'string' || !Array.isArray(params.messages)) {
      invalid('params', 'must be a chat.completions.create body with model and messages', params);
    }
    if (!isRecord(runOptions) || typeof runOptions.callTool !== 'function') invalid('callTool', 'must be a function answering function calls', runOptions?.callTool);
    const { messages: start, tools: ownTools = [], stream, ...rest } = params;
    if (stream === true) invalid('stream', 'is not supported by run (it reads whole completions)', stream);
    const ownNames = ownToolNames(ownTools);
    const session = shared ?? createDiscoverySession();
    const key = deploymentKey(client.baseURL, params.model);
    const warnings: ToolSearchWarning[] = [];
    const loaded: string[] = [];
    const unloaded: string[] = [];
    let messages: ChatMessage[] = [...start];
    const fallback = createFallbackStep({ pattern: REJECTION_PATTERN, memory, key, retried: 'with plain search (definitions as JSON)', warnings, onWarning: options.onWarning });
    /** Unloads tools a request or an answer had no room for, and warns. */
    const unload = (names: readonly string[]): void => {
      unloaded.push(...reportUnloaded(session, names, toolSearch.maxFunctions, OWNER, warnings, options.onWarning));
    };

    /** A run's own session reads the conversation it is given as loaded before the run: only what this run loads or unloads is reported. */
    let baseline = shared === undefined;
    for (let step = 1; ; step++) {
      const change = session.sync(chatDiscoveries(messages, toolSearch.searchToolName));
      if (!baseline) {
        loaded.push(...change.loaded);
        unloaded.push(...change.unloaded);
      }
      baseline = false;
      const request = toolSearch.request({ disabled: memory.has(key), loaded: session.loaded() });
      unload(request.unloaded);
      if (request.mode !== 'tool-reference') messages = withoutToolReferences(messages);
      const outcome = await fallback.send(request.mode === 'tool-reference', () => create({ ...rest, messages, tools: [...request.tools, ...ownTools] }, runOptions.requestOptions));
      if (!outcome.sent) {
        step--;
        continue;
      }
      const reply = readCompletion(outcome.value);
      messages = [...messages, reply.message];
      const calls = toolCalls(reply.message);
      const answers: ChatMessage[] = [];
      /** Tools this step's answers loaded (the session reads them with the next request). */
      const pending: string[] = [];
      for (const call of calls) {
        if (request.mode !== 'upfront' && toolSearch.isSearchCall(call)) {
          const answer = await toolSearch.answer(call, {
            mode: request.mode === 'tool-reference' ? 'tool-reference' : 'plain',
            isLoaded: session.isLoaded,
            loaded: [...new Set([...session.loaded(), ...pending])],
          });
          unload(answer.unloaded);
          pending.push(...answer.loaded);
          answers.push({ ...answer.message });
          continue;
        }
        const content = await answerFunctionCall(call.function.name, call.function.arguments, call.id, {
          toolFor: toolSearch.toolFor,
          notLoaded: (name) => request.mode === 'plain' ? !request.upfront.includes(name) : request.mode === 'tool-reference' && toolSearch.isDeferred(name) && !session.isLoaded(name),
          ownNames,
          searchName: toolSearch.searchToolName,
          callTool: runOptions.callTool,
          called: toolSearch.called,
          failed: (call, error) => toolFailed(call, error, warnings),
        });
        answers.push({ role: 'tool', tool_call_id: call.id, content });
      }
      const done = answers.length === 0;
      if (done || step >= maxSteps) {
        const text = reply.message['content'];
        return {
          completion: reply.completion,
          text: typeof text === 'string' ? text : '',
          messages,
          mode: request.mode,
          steps: step,
          truncated: !done,
          loaded,
          unloaded,
          fallback: fallback.fellBack,
          warnings,
        };
      }
      messages = [...messages, ...answers];
    }
  };

  return { run, toolSearch, session: shared, memory };
}
