import { createLoadoutError, describeValue } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import type { ContentBlockParam, Message, MessageCreateParams, MessageParam, ToolResultBlock } from '../api-types.js';
import { conversationDiscoveries } from '../message-discoveries.js';
import { checkToolSearchRequest } from '../tool-search/check-tool-search-request.js';
import { placeCacheControl } from '../tool-search/place-cache-control.js';
import type { ToolSearchRequest } from '../tool-search/tool-search-types.js';
import { createDeploymentMemory, createDiscoverySession } from '@loadout/core/adapter';
import type { MessagesClient, MessagesClientOptions, MessagesCreateParams, MessagesCreateResult, ToolSearchRejectedWarning, ToolSearchWarning } from './messages-client-types.js';
import { toolSearchRejection } from './tool-search-rejection.js';
import type { ToolSearchRejection } from './tool-search-rejection.js';
import { reportToolRuns } from './report-tool-runs.js';
import { withoutToolSearch } from './without-tool-search.js';

const DEFAULT_MAX_SEARCH_STEPS = 8;

function requestBody(params: MessagesCreateParams, messages: MessageParam[], request: ToolSearchRequest, options: MessagesClientOptions): MessageCreateParams {
  const { tools: ownTools, betas: ownBetas, stream: _stream, ...rest } = params;
  const tools = placeCacheControl([...request.tools, ...(ownTools ?? [])], options.cacheControl);
  const betas = [...new Set([...(ownBetas ?? []), ...request.betas])];
  const problems = checkToolSearchRequest({ tools, messages });
  if (problems.length > 0) {
    throw createLoadoutError('invalid-input', `the request would break a tool search rule: ${problems.map((problem) => problem.message).join('; ')}`, {
      problems,
    });
  }
  return { ...rest, messages, ...(tools.length > 0 ? { tools } : {}), ...(betas.length > 0 ? { betas } : {}) };
}

function rejectionWarning(baseURL: string, rejection: ToolSearchRejection): ToolSearchRejectedWarning {
  return {
    code: 'tool-search-rejected',
    message: `${baseURL} rejected tool search (${rejection.message}); retried with every tool loaded upfront, and later requests to it will skip tool search`,
    baseURL,
    rejection: rejection.kind,
    apiMessage: rejection.message,
  };
}

/**
 * Wraps an `@anthropic-ai/sdk` client so `create` sends the conversation
 * with tool search: it adds the catalog's tools and the beta
 * (`client.beta.messages.create({ betas })`), answers calls of the
 * client-side search tool and sends again while a response only searches
 * (up to `maxSearchSteps`), and keeps the loaded-tools session in step with
 * the messages it is given (a shorter history is a compaction).
 *
 * When the deployment rejects tool search with a recognised 400 (see
 * `toolSearchRejection`), the call is retried once with every tool upfront,
 * no search tool, no beta and no tool-search blocks in the history; the
 * deployment is remembered, so later calls skip tool search straight away,
 * and a `tool-search-rejected` warning goes to `onWarning` and into the
 * result. A Foundry deployment (`provider: 'foundry'`) is remembered from
 * the start. Every other error is thrown unchanged, as is a request that
 * would break a tool search rule (`invalid-input`, before anything is sent).
 *
 * One client serves any number of concurrent conversations: each `create`
 * has its own session, read from its messages, unless `session` is given
 * (then every call uses it: a client for one conversation, which also
 * reports compaction across calls). The policy's warnings (an invalid
 * `ENABLE_TOOL_SEARCH`: `invalid-env`) go into each result's `warnings`
 * and, once per client, to `onWarning`.
 *
 * It never runs your tools; a `tool_result` you send back for a catalog
 * tool the model called (not marked `is_error`) counts as its run for the tool search's
 * `recordUsage` (each `tool_use` id once, see `ToolSearch.called`).
 */
export function createMessagesClient(options: MessagesClientOptions): MessagesClient {
  const { client, toolSearch } = options;
  if (typeof client !== 'object' || client === null || typeof client.beta?.messages?.create !== 'function') {
    throw createLoadoutError('invalid-option', `createMessagesClient: client must be an @anthropic-ai/sdk client, got ${describeValue(client)}`, {
      option: 'client',
    });
  }
  if (typeof toolSearch !== 'object' || toolSearch === null || typeof toolSearch.request !== 'function') {
    throw createLoadoutError('invalid-option', `createMessagesClient: toolSearch must come from createToolSearch, got ${describeValue(toolSearch)}`, {
      option: 'toolSearch',
    });
  }
  const maxSearchSteps = integerOption('createMessagesClient', 'maxSearchSteps', options.maxSearchSteps, DEFAULT_MAX_SEARCH_STEPS, 0, 50);
  const memory = options.memory ?? createDeploymentMemory();
  const shared = options.session;
  if (toolSearch.provider === 'foundry' && !memory.has(client.baseURL)) memory.remember(client.baseURL, 'provider-rejects');

  const reported = new Set<string>();
  /** Policy warnings already told to `onWarning` (code and message). */
  const told = new Set<string>();
  const create = async (params: MessagesCreateParams, requestOptions?: Parameters<MessagesClient['create']>[1]): Promise<MessagesCreateResult> => {
    const baseURL = client.baseURL;
    reportToolRuns(params.messages, toolSearch, reported);
    const session = shared ?? createDiscoverySession();
    const warnings: ToolSearchWarning[] = [];
    /** The policy's warnings, each once per call in `warnings` and once per client to `onWarning`. */
    const policyWarnings = (request: ToolSearchRequest): void => {
      for (const warning of request.decision.warnings) {
        const key = `${warning.code}\n${warning.message}`;
        if (warnings.some((known) => `${known.code}\n${known.message}` === key)) continue;
        warnings.push(warning);
        if (told.has(key)) continue;
        told.add(key);
        options.onWarning?.(warning);
      }
    };
    const loaded: string[] = [];
    const unloaded: string[] = [];
    let conversation: MessageParam[] = [...params.messages];
    let fallback = false;
    let searchSteps = 0;
    /** A call's own session reads the messages it is given as loaded before the call: only what this call loads or unloads is reported. */
    let baseline = shared === undefined;
    const track = (): void => {
      const change = session.sync(conversationDiscoveries(conversation));
      if (!baseline) {
        loaded.push(...change.loaded);
        unloaded.push(...change.unloaded);
      }
      baseline = false;
    };

    for (;;) {
      const request = toolSearch.request({ baseURL, disabled: memory.has(baseURL) });
      policyWarnings(request);
      if (request.toolSearch === 'off') conversation = withoutToolSearch(conversation);
      track();
      const body = requestBody(params, conversation, request, options);
      let message: Message;
      try {
        message = await client.beta.messages.create(body, requestOptions);
      } catch (error) {
        const rejection = request.toolSearch === 'on' && !fallback ? toolSearchRejection(error) : null;
        if (rejection === null) throw error;
        const record = memory.remember(baseURL, 'rejected', rejection.message);
        const warning = rejectionWarning(record.baseURL, rejection);
        warnings.push(warning);
        options.onWarning?.(warning);
        fallback = true;
        continue;
      }
      conversation = [...conversation, { role: 'assistant', content: message.content as ContentBlockParam[] }];
      track();
      const searchCalls = request.toolSearch === 'on' ? message.content.filter((block) => toolSearch.isSearchCall(block)) : [];
      const results: ToolResultBlock[] = [];
      for (const call of searchCalls) if (call.type === 'tool_use') results.push(await toolSearch.answer(call));
      const otherCalls = message.content.some((block) => block.type === 'tool_use' && !toolSearch.isSearchCall(block));
      if (results.length === 0 || otherCalls || message.stop_reason !== 'tool_use' || searchSteps >= maxSearchSteps) {
        return {
          message,
          messages: conversation,
          toolSearch: request.toolSearch,
          reason: request.reason,
          searchSteps,
          searchResults: results,
          loaded,
          unloaded,
          fallback,
          warnings,
        };
      }
      conversation = [...conversation, { role: 'user', content: results }];
      searchSteps++;
    }
  };

  return { create, toolSearch, session: shared, memory };
}

