import { createLoadoutError, describeValue } from '@loadout/core';
import { answerFunctionCall, createDeploymentMemory, createToolFailureReporter, createDiscoverySession, createFallbackStep, deploymentKey, invalidOption, readMaxSteps } from '@loadout/core/adapter';
import type { ToolSearchWarning } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { interactionsDiscoveries } from './interactions-discoveries.js';
import type { InteractionsClient, InteractionsClientOptions, InteractionsRunOptions, InteractionsRunParams, InteractionsRunResult } from './interactions-client-types.js';
import type { FunctionCallStep, InteractionLike, InteractionsStep } from './interactions-types.js';

const OWNER = 'createInteractionsClient';
/** What a deployment says when it does not take the client-executed `tool_search` tool. */
const REJECTION_PATTERN = /tool_search|execution/i;
const invalid = (option: string, message: string, value: unknown): never => invalidOption(OWNER, option, message, value);

function readInteraction(value: unknown): InteractionLike & { readonly steps: readonly InteractionsStep[] } {
  const steps = isRecord(value) ? value['steps'] : undefined;
  if (!Array.isArray(steps)) throw createLoadoutError('invalid-input', `${OWNER}: the API answered something that is not an interaction with steps: ${describeValue(value)}`);
  return value as InteractionLike & { readonly steps: readonly InteractionsStep[] };
}

/** Names of the caller's own functions (`tools[]` of `type: "function"`). */
function ownFunctionNames(tools: readonly Readonly<Record<string, unknown>>[]): Set<string> {
  return new Set(tools.flatMap((tool) => (tool['type'] === 'function' && typeof tool['name'] === 'string' ? [tool['name']] : [])));
}

/** The text of the `model_output` steps. */
function textOf(steps: readonly InteractionsStep[]): string {
  const texts: string[] = [];
  for (const step of steps) {
    if (step.type !== 'model_output' || !Array.isArray(step['content'])) continue;
    for (const content of step['content']) if (isRecord(content) && content['type'] === 'text' && typeof content['text'] === 'string') texts.push(content['text']);
  }
  return texts.join('');
}

const userText = (text: string): InteractionsStep => ({ type: 'user_input', content: [{ type: 'text', text }] });

/**
 * Wraps a `@google/genai` client so `run` sends one turn through the
 * Interactions API with client-executed tool search: it adds the tools of
 * {@link InteractionsToolSearch.request} to `tools`, answers each
 * `tool_search_call` client-side with a `tool_search_result` holding the
 * found functions, runs other function calls with `callTool` and sends
 * their `function_result`s, until an interaction calls nothing (or
 * `maxSteps`). The conversation travels in `input` (`store: false`):
 * loaded tools follow it, a tool stays loaded while a result that loaded
 * it is there. A search that fails or finds nothing adds a `user_input`
 * text saying so beside its empty result.
 *
 * A call of a deferred tool the conversation never loaded is answered with
 * a `tool-not-loaded` error result without calling `callTool`; a name
 * neither in the catalog nor among your own functions, `unknown-tool`.
 * When the deployment rejects the `tool_search` tool with a 400, the
 * request is retried once with every tool as a function, the deployment
 * (`deployment` and model) is remembered so later requests skip tool
 * search, and a `tool-search-rejected` warning is raised. Every other API
 * error is thrown unchanged. *
 * One client serves any number of concurrent conversations: each `run` has
 * its own session, read from its input, unless `session` is given (then
 * every run uses that one: a client for one conversation, which also
 * tracks compaction across runs). A `callTool` that throws (or rejects)
 * does not end the run: its function result is `{ error: "<name> failed: <message>",
 * code: "tool-failed" }`, which the model sees, with what
 * looks like a credential in the message masked (core's `redactSecrets`; `toolErrorMessage` chooses the text instead); the full
 * error goes to `onWarning` and the run's `warnings` as a `tool-failed`
 * warning.
 */
export function createInteractionsClient(options: InteractionsClientOptions): InteractionsClient {
  if (!isRecord(options)) invalid('options', 'must be an object', options);
  const { client, toolSearch } = options;
  if (!isRecord(client) || !isRecord(client.interactions) || typeof client.interactions.create !== 'function') {
    invalid('client', 'must be a @google/genai client with interactions (new GoogleGenAI({ apiKey }))', client);
  }
  if (!isRecord(toolSearch) || typeof toolSearch.request !== 'function') invalid('toolSearch', 'must come from createInteractionsToolSearch', toolSearch);
  const maxSteps = readMaxSteps(OWNER, options.maxSteps);
  const toolFailed = createToolFailureReporter(OWNER, options);
  const memory = options.memory ?? createDeploymentMemory();
  const shared = options.session;
  const create = client.interactions.create.bind(client.interactions);

  const run = async (params: InteractionsRunParams, runOptions: InteractionsRunOptions): Promise<InteractionsRunResult> => {
    if (!isRecord(params) || typeof params.model !== 'string') invalid('params', 'must be an interactions.create body with a model', params);
    if (!isRecord(runOptions) || typeof runOptions.callTool !== 'function') invalid('callTool', 'must be a function answering function calls', runOptions?.callTool);
    const { tools: ownTools = [], input: firstInput, stream, background, ...rest } = params;
    if (stream === true) invalid('stream', 'is not supported by run (it reads whole interactions)', stream);
    if (background === true) invalid('background', 'is not supported by run (it answers calls as they come)', background);
    const ownNames = ownFunctionNames(ownTools);
    const session = shared ?? createDiscoverySession();
    const key = deploymentKey(options.deployment ?? 'gemini-interactions', params.model);
    const warnings: ToolSearchWarning[] = [];
    const loaded: string[] = [];
    const unloaded: string[] = [];
    let input: InteractionsStep[] = typeof firstInput === 'string' ? [userText(firstInput)] : [...firstInput];
    const fallback = createFallbackStep({ pattern: REJECTION_PATTERN, memory, key, retried: 'with every tool as a function', warnings, onWarning: options.onWarning });

    /** A run's own session reads the conversation it is given as loaded before the run: only what this run loads or unloads is reported. */
    let baseline = shared === undefined;
    for (let step = 1; ; step++) {
      const change = session.sync(interactionsDiscoveries(input));
      if (!baseline) {
        loaded.push(...change.loaded);
        unloaded.push(...change.unloaded);
      }
      baseline = false;
      const request = toolSearch.request({ disabled: memory.has(key) });
      const body = { ...rest, model: params.model, input, tools: [...request.tools, ...ownTools], store: false };
      const outcome = await fallback.send(request.toolSearch === 'on', () => create(body));
      if (!outcome.sent) {
        step--;
        continue;
      }
      const interaction = readInteraction(outcome.value);
      input = [...input, ...interaction.steps];
      const answers: InteractionsStep[] = [];
      const notes: InteractionsStep[] = [];
      for (const output of interaction.steps) {
        if (request.toolSearch === 'on' && toolSearch.isSearchCall(output)) {
          const answer = await toolSearch.answer(output, { isLoaded: session.isLoaded });
          answers.push(answer.result);
          // A message about the search's arguments names the tool already.
          const named = !answer.answer.ok && answer.answer.stage === 'arguments';
          if (answer.message !== null) notes.push(userText(named ? answer.message : `${toolSearch.searchToolName}: ${answer.message}`));
          continue;
        }
        if (output.type !== 'function_call') continue;
        const call = output as FunctionCallStep;
        const name = typeof call.name === 'string' ? call.name : '';
        const result = await answerFunctionCall(name, call.arguments ?? {}, call.id, {
          toolFor: toolSearch.toolFor,
          notLoaded: (apiName) => request.toolSearch === 'on' && toolSearch.isDeferred(apiName) && !session.isLoaded(apiName),
          ownNames,
          searchName: toolSearch.searchToolName,
          callTool: runOptions.callTool,
          called: toolSearch.called,
          failed: (call, error) => toolFailed(call, error, warnings),
        });
        answers.push({ type: 'function_result', call_id: call.id, name, result });
      }
      const done = answers.length === 0;
      if (done || step >= maxSteps) {
        return { interaction, text: textOf(interaction.steps), input, mode: request.mode, steps: step, truncated: !done, loaded, unloaded, fallback: fallback.fellBack, warnings };
      }
      input = [...input, ...answers, ...notes];
    }
  };

  return { run, toolSearch, session: shared, memory };
}
