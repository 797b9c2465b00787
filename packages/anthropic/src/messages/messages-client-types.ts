import type {
  AnthropicClient,
  CacheControl,
  Message,
  MessageCreateParams,
  MessageParam,
  MessagesRequestOptions,
  ToolResultBlock,
} from '../api-types.js';
import type { ToolSearch, ToolSearchRequestReason } from '../tool-search/tool-search-types.js';
import type { PolicyWarning } from '@loadout/core';
import type { DeploymentMemory, DiscoverySession } from '@loadout/core/adapter';
import type { ToolSearchRejectionKind } from './tool-search-rejection.js';

/**
 * A condition the caller should know about: `tool-search-rejected` (the
 * deployment rejected tool search; the call was retried upfront and the
 * deployment remembered) or a warning of the tool search policy's decision
 * (core's `PolicyWarning`, e.g. `invalid-env` for an `ENABLE_TOOL_SEARCH`
 * that is not `true`, `false`, `auto` or `auto:N`, read as unset).
 */
export type ToolSearchWarning = ToolSearchRejectedWarning | PolicyWarning;

/** The deployment rejected tool search; the call was retried upfront and the deployment remembered. */
export interface ToolSearchRejectedWarning {
  readonly code: 'tool-search-rejected';
  readonly message: string;
  /** The deployment (normalised base URL). */
  readonly baseURL: string;
  readonly rejection: ToolSearchRejectionKind;
  /** The API's error message. */
  readonly apiMessage: string;
}

/** Options of {@link createMessagesClient}. */
export interface MessagesClientOptions {
  /** An `@anthropic-ai/sdk` client; its `baseURL` names the deployment. Set `maxRetries` as you like: 400s are not retried by the SDK. */
  readonly client: AnthropicClient;
  /** Tool search for this conversation. */
  readonly toolSearch: ToolSearch;
  /**
   * Called with each warning as it happens (they are also in each result):
   * each rejection, and each distinct policy warning once per client.
   * Default: none.
   */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
  /** Deployments known to run without tool search; share one between clients. Default: a new one for this client. */
  readonly memory?: DeploymentMemory;
  /**
   * The loaded-tools session (core's `createDiscoverySession`) of the one
   * conversation this client serves, synced with the `tool_use_id`s of the
   * results in the messages each request sends (`conversationDiscoveries`):
   * every `create` uses it, so it also reports compaction across calls
   * (`unloaded`). Default: none, each `create` has its own, read from its
   * messages, so one client serves concurrent conversations.
   */
  readonly session?: DiscoverySession;
  /** Search calls answered and re-sent within one `create` before handing back to the caller. An integer 0–50; default 8. */
  readonly maxSearchSteps?: number;
  /** A cache breakpoint for the tools: put on the last tool that is not deferred. Default: none. */
  readonly cacheControl?: CacheControl;
}

/** What `create` accepts: a non-streaming `beta.messages.create` body; `tools` and `betas` are added to. */
export type MessagesCreateParams = Omit<MessageCreateParams, 'stream'> & { readonly stream?: false };

/** What one `create` did. */
export interface MessagesCreateResult {
  /** The last response. */
  readonly message: Message;
  /**
   * The conversation to continue from: the messages sent (without tool
   * search content when the deployment rejects it), every search turn this
   * call added, and the last response as an assistant message. Append your
   * next user message (tool results, text) to it.
   */
  readonly messages: MessageParam[];
  /** Whether the last request used tool search. */
  readonly toolSearch: 'on' | 'off';
  readonly reason: ToolSearchRequestReason;
  /** Search calls answered and re-sent within this call. */
  readonly searchSteps: number;
  /**
   * Answers to search calls in the last response that could not be sent on
   * alone (the response also called other tools, or `maxSearchSteps` was
   * reached): put them in your next user message with your own tool results.
   */
  readonly searchResults: ToolResultBlock[];
  /** Tools loaded during this call (API names). */
  readonly loaded: string[];
  /** Tools unloaded because the messages given no longer hold the results that loaded them (compaction): search again to use them. */
  readonly unloaded: string[];
  /** Whether this call was retried upfront after the deployment rejected tool search. */
  readonly fallback: boolean;
  /** Warnings raised during this call: rejections, and the policy's warnings for its requests (each also passed to `onWarning`, a policy warning once per client). */
  readonly warnings: ToolSearchWarning[];
}

/** A Messages API client with tool search; see {@link createMessagesClient}. */
export interface MessagesClient {
  create(params: MessagesCreateParams, options?: MessagesRequestOptions): Promise<MessagesCreateResult>;
  readonly toolSearch: ToolSearch;
  /** The `session` option; undefined when each `create` has its own. */
  readonly session: DiscoverySession | undefined;
  readonly memory: DeploymentMemory;
}
