import { createLoadoutError, describeValue } from '@loadout/core';
import {
  answerFunctionCall,
  createToolFailureReporter,
  createDeploymentMemory,
  createDiscoverySession,
  createFallbackStep,
  deploymentKey,
  invalidOption,
  readMaxSteps,
  reportUnloaded,
} from '@loadout/core/adapter';
import type { ToolSearchWarning } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { contentDiscoveries } from './content-discoveries.js';
import { functionResponse } from './function-response.js';
import type { GeminiClient, GeminiClientOptions, GeminiRunOptions, GeminiRunParams, GeminiRunResult } from './gemini-client-types.js';
import type { GeminiContent, GeminiFunctionCall, GeminiPart, GenerateContentResponseLike } from './gemini-types.js';

const OWNER = 'createGeminiClient';
/** What a Gemini deployment says when it does not take the search function's schema (`additionalProperties`, `minLength`, `maxLength`). */
const REJECTION_PATTERN = /additional_?properties|min_?length|max_?length/i;
const invalid = (option: string, message: string, value: unknown): never => invalidOption(OWNER, option, message, value);

function readResponse(value: unknown): { response: GenerateContentResponseLike; content: GeminiContent } {
  const candidates = isRecord(value) ? value['candidates'] : undefined;
  if (!Array.isArray(candidates)) throw createLoadoutError('invalid-input', `${OWNER}: the API answered something that is not a generateContent response: ${describeValue(value)}`);
  const content: unknown = isRecord(candidates[0]) ? candidates[0]['content'] : undefined;
  return { response: value as GenerateContentResponseLike, content: isRecord(content) ? (content as GeminiContent) : { role: 'model', parts: [] } };
}

/** Names of the caller's own function declarations (`config.tools[].functionDeclarations[].name`). */
function ownFunctionNames(tools: readonly Readonly<Record<string, unknown>>[]): Set<string> {
  const names = new Set<string>();
  for (const tool of tools) {
    const declared = tool['functionDeclarations'];
    if (Array.isArray(declared)) for (const declaration of declared) if (isRecord(declaration) && typeof declaration['name'] === 'string') names.add(declaration['name']);
  }
  return names;
}

const textOf = (content: GeminiContent): string => (content.parts ?? []).flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])).join('');

/**
 * Wraps a `@google/genai` client so `run` sends one turn with tool search:
 * it adds the declarations of {@link GeminiToolSearch.request} to
 * `config.tools`, answers calls of the search function client-side, runs
 * other function calls with `callTool` and sends their responses, until a
 * response calls nothing (or `maxSteps`). Loaded tools follow the contents:
 * a tool stays declared while a search answer that loaded it is in them.
 *
 * A call of a deferred tool the conversation never loaded is answered
 * `{ error, code: "tool-not-loaded" }` without calling `callTool`; a name
 * neither in the catalog nor among your own functions, `unknown-tool`. When
 * the deployment rejects the search request with a 400 naming a schema
 * feature of the search function, the request is retried once with every
 * tool upfront, the deployment (`deployment` and model) is remembered so
 * later requests skip tool search, and a `tool-search-rejected` warning is
 * raised. Loaded tools past 512 declarations are unloaded, least recently
 * loaded or called first (the search answer names them; a search loads
 * them again), with a `tools-unloaded` warning. Every other API error is
 * thrown unchanged. *
 * One client serves any number of concurrent conversations: each `run` has
 * its own session, read from its contents, unless `session` is given (then
 * every run uses that one: a client for one conversation, which also
 * tracks compaction across runs). A `callTool` that throws (or rejects)
 * does not end the run: its function response is `{ error: "<name> failed: <message>",
 * code: "tool-failed" }`, which the model sees, with what
 * looks like a credential in the message masked (core's `redactSecrets`; `toolErrorMessage` chooses the text instead); the full
 * error goes to `onWarning` and the run's `warnings` as a `tool-failed`
 * warning.
 */
export function createGeminiClient(options: GeminiClientOptions): GeminiClient {
  if (!isRecord(options)) invalid('options', 'must be an object', options);
  const { client, toolSearch } = options;
  if (!isRecord(client) || !isRecord(client.models) || typeof client.models.generateContent !== 'function') {
    invalid('client', 'must be a @google/genai client (new GoogleGenAI({ apiKey }))', client);
  }
  if (!isRecord(toolSearch) || typeof toolSearch.request !== 'function') invalid('toolSearch', 'must come from createGeminiToolSearch', toolSearch);
  const maxSteps = readMaxSteps(OWNER, options.maxSteps);
  const toolFailed = createToolFailureReporter(OWNER, options);
  const memory = options.memory ?? createDeploymentMemory();
  const shared = options.session;
  const generate = client.models.generateContent.bind(client.models);

  const run = async (params: GeminiRunParams, runOptions: GeminiRunOptions): Promise<GeminiRunResult> => {
    if (!isRecord(params) || typeof params.model !== 'string') invalid('params', 'must be a generateContent body with a model', params);
    if (!isRecord(runOptions) || typeof runOptions.callTool !== 'function') invalid('callTool', 'must be a function answering function calls', runOptions?.callTool);
    const { tools: ownTools = [], ...config } = params.config ?? {};
    const ownNames = ownFunctionNames(ownTools);
    const session = shared ?? createDiscoverySession();
    const key = deploymentKey(options.deployment ?? 'gemini', params.model);
    const warnings: ToolSearchWarning[] = [];
    const loaded: string[] = [];
    const unloaded: string[] = [];
    let contents: GeminiContent[] = typeof params.contents === 'string' ? [{ role: 'user', parts: [{ text: params.contents }] }] : [...params.contents];
    const fallback = createFallbackStep({ pattern: REJECTION_PATTERN, memory, key, retried: 'with every tool upfront', warnings, onWarning: options.onWarning });
    /** Unloads tools a request or an answer had no room for, and warns. */
    const unload = (names: readonly string[]): void => {
      unloaded.push(...reportUnloaded(session, names, toolSearch.maxFunctions, OWNER, warnings, options.onWarning));
    };

    /** A run's own session reads the conversation it is given as loaded before the run: only what this run loads or unloads is reported. */
    let baseline = shared === undefined;
    for (let step = 1; ; step++) {
      const change = session.sync(contentDiscoveries(contents, toolSearch.searchToolName));
      if (!baseline) {
        loaded.push(...change.loaded);
        unloaded.push(...change.unloaded);
      }
      baseline = false;
      const request = toolSearch.request({ disabled: memory.has(key), loaded: session.loaded() });
      unload(request.unloaded);
      const body = { model: params.model, contents, config: { ...config, tools: [...request.tools, ...ownTools] } };
      const outcome = await fallback.send(request.toolSearch === 'on', () => generate(body));
      if (!outcome.sent) {
        step--;
        continue;
      }
      const { response, content } = readResponse(outcome.value);
      contents = [...contents, content];
      const answers: GeminiPart[] = [];
      /** Tools this step's answers loaded (the session reads them with the next request). */
      const pending: string[] = [];
      for (const part of content.parts ?? []) {
        if (!isRecord(part.functionCall)) continue;
        const call: GeminiFunctionCall = part.functionCall;
        if (request.toolSearch === 'on' && toolSearch.isSearchCall(call)) {
          const answer = await toolSearch.answer(call, { isLoaded: session.isLoaded, loaded: [...new Set([...session.loaded(), ...pending])] });
          unload(answer.unloaded);
          pending.push(...answer.loaded);
          answers.push({ functionResponse: answer.response });
          continue;
        }
        const name = typeof call.name === 'string' ? call.name : '';
        const output = await answerFunctionCall(name, call.args ?? {}, call.id ?? '', {
          toolFor: toolSearch.toolFor,
          notLoaded: (apiName) => request.toolSearch === 'on' && toolSearch.isDeferred(apiName) && !session.isLoaded(apiName),
          ownNames,
          searchName: toolSearch.searchToolName,
          callTool: runOptions.callTool,
          called: toolSearch.called,
          failed: (call, error) => toolFailed(call, error, warnings),
        });
        answers.push({ functionResponse: functionResponse(name, call.id, output) });
      }
      const done = answers.length === 0;
      if (done || step >= maxSteps) {
        return { response, text: textOf(content), contents, mode: request.mode, steps: step, truncated: !done, loaded, unloaded, fallback: fallback.fellBack, warnings };
      }
      contents = [...contents, { role: 'user', parts: answers }];
    }
  };

  return { run, toolSearch, session: shared, memory };
}
