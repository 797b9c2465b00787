import type { DeclarativeMod, MaybePromise, PolicyInput, Ranker, Registry, TokenCounter, UsageEvent } from '@loadout/core';
import type { McpGatewayConfig } from '../config/mcp-config.js';
import type { GatewayLimits } from '../limits/gateway-limits.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import type { CallPolicy } from './call-policy.js';
import type { CircuitBreakerOptions } from '../upstream/circuit-breaker.js';
import type { LivenessOptions } from '../upstream/liveness.js';
import type { ReconnectOptions } from '../upstream/backoff.js';
import type { UpstreamStderr } from '../upstream/connect-upstream.js';

/** Default {@link CreateGatewayOptions.callTimeoutMs}. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
/** Default {@link CreateGatewayOptions.connectTimeoutMs}. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Default {@link CreateGatewayOptions.maxLoadedTools}. */
export const DEFAULT_MAX_LOADED_TOOLS = 100;

/** Options of `createGateway`. */
export interface CreateGatewayOptions {
  /** The upstream servers (see `parseMcpConfig` / `readMcpConfig`). */
  readonly config: McpGatewayConfig;
  /**
   * The ranker: a name in `registry`, or a factory returning a fresh, empty
   * ranker (called once per index generation; wrapped with
   * `withQuerySyntax` unless it declares `queryKind: 'pattern'`). Default:
   * the registry's default (`bm25f`).
   */
  readonly ranker?: string | (() => MaybePromise<Ranker>);
  /** Where ranker names are looked up. Default: `createBuiltinRegistry()` of `@loadout/rankers`. */
  readonly registry?: Registry;
  /** Options of the named ranker, checked against its definition. Default: its defaults. */
  readonly rankerOptions?: Readonly<Record<string, unknown>>;
  /**
   * Whether a search the ranker cannot answer is answered by the registry's
   * default ranker (`bm25f`, default options, indexed with the generation's
   * tools at the first such search) instead of failing for its client: one
   * the fair queue refuses (`ranker-busy`: the client has 64 searches
   * waiting) and one the ranker fails through its own fault: its result
   * fails the check (`ranker-invalid-result`: a plug-in returned NaN scores
   * or unknown tools, or threw), it crashed or threw a `ranker-failed`, overran
   * a budget (`ranker-timeout`), could not be made again (`ranker-invalid`),
   * had too many searches waiting (`ranker-busy`), or its plug-in's module
   * changed or cannot be read, so its worker cannot start again
   * (`config-untrusted`, `file-unreadable`). Each is
   * logged as a warning naming the code (the first, then at most one a
   * minute with a count). The caller's own errors (bad arguments, a limit
   * over 100, an empty query) stay its errors. `loadout serve` sets it.
   * Default false: the client gets the error.
   */
  readonly fallbackSearches?: boolean;
  /**
   * What the policy decides for: `model` (required), `env`
   * (`ENABLE_TOOL_SEARCH`, `CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS`,
   * `ANTHROPIC_BASE_URL`), `provider`, `contextWindow`, `sdkVersion`, … (the
   * tools come from the upstreams). Off (e.g. `ENABLE_TOOL_SEARCH=false`):
   * every tool is listed and there is no `search_tools`. Default
   * `{ model: "claude-sonnet-4-5" }` (tool search on).
   */
  readonly policy?: Omit<PolicyInput, 'tools' | 'servers' | 'mods'>;
  /** Declarative mods, applied before the registry's mods. Default: none. */
  readonly mods?: readonly DeclarativeMod[];
  /**
   * Counts definitions for the `auto` threshold. Default: core's approximate
   * counter. May be a promise (a counter whose modules are still loading):
   * it is awaited after the upstreams are spawned, so loading it overlaps
   * their start-up; a rejection fails `createGateway` like a failing ranker
   * (every upstream closed first).
   */
  readonly tokenCounter?: TokenCounter | PromiseLike<TokenCounter>;
  /** Results per search when the caller gives none. 1–100; default 5 (the documented default). */
  readonly limit?: number;
  /** Longest wait for an upstream tool call, in ms; then the call is cancelled and fails. 1–86,400,000; default 30,000. */
  readonly callTimeoutMs?: number;
  /**
   * Longest wait for an upstream's handshake (version probe and
   * `initialize` together) and for each `tools/list` page, in ms; then the
   * attempt fails and is retried with backoff. 1–86,400,000; default 10,000.
   */
  readonly connectTimeoutMs?: number;
  /**
   * Longest wait, in ms, for the upstreams' first connection before
   * `createGateway` resolves: the gateway then serves the upstreams ready by
   * then, and one still connecting joins the index once it answers (sessions
   * are sent `notifications/tools/list_changed` when their list changes).
   * 0 serves at once. 0–86,400,000; default: no limit, every upstream's first
   * attempt is awaited (each at most `connectTimeoutMs`). `loadout serve`
   * passes 5,000 (`--startup-wait`).
   */
  readonly startupWaitMs?: number;
  /** Aborting it during start-up stops every upstream and rejects `createGateway` with `cancelled`. Default: none. */
  readonly signal?: AbortSignal;
  /** Backoff of reconnections. Default: 500 ms doubling up to 30 s, back to 500 ms once an upstream has stayed ready for 60 s. */
  readonly reconnect?: ReconnectOptions;
  /** Most tools indexed across all upstreams. 1–10,000 (the documented catalog limit); default 10,000. */
  readonly maxTools?: number;
  /** Most tools one session keeps in its list after searches; the oldest found drop out first. 1–10,000; default 100. */
  readonly maxLoadedTools?: number;
  /**
   * What clients may send (argument depth and size) and upstreams may list
   * (definition depth and size, description length, tools per server); each
   * key defaults to `DEFAULT_GATEWAY_LIMITS`. Out of range: `invalid-option`.
   */
  readonly limits?: Partial<GatewayLimits>;
  /**
   * Periodic MCP `ping` of every ready upstream: after `missed` pings in a
   * row go unanswered within `timeoutMs`, the upstream is marked lost
   * (`available: false`, calls fail with -32010) and reconnected. Default:
   * every 15,000 ms, 5,000 ms timeout, 2 missed; `intervalMs: 0` turns it off.
   */
  readonly liveness?: LivenessOptions;
  /**
   * After `failures` calls in a row to one upstream lose the connection (or
   * its transport fails), calls to it are refused at once for `cooldownMs`
   * (-32010, `data.circuit: "open"`, `data.circuitScope: "server"`, the
   * message says so), then one trial call is let through; a reconnection to a
   * fresh process lets it through at once. After `failures` calls in a row
   * to one tool time out, only that tool's calls are refused so
   * (`data.circuitScope: "tool"`): a slow tool is not a server that is down
   * (3468). Tool errors are answers and do not count. Default: 5 failures,
   * 30,000 ms.
   */
  readonly circuitBreaker?: CircuitBreakerOptions;
  /**
   * Which tools clients may call. `any`: every upstream tool, found by a
   * search or not (search is not an access boundary). `found`: only the tools
   * listed upfront and those a search returned: of that session (2025-era
   * sessions, stdio included), or of the search whose `searchId` a stateless
   * `call_tool` carries (run again to check it); any other call gets -32602
   * `mcp-call-not-found`. Default `any`.
   */
  readonly calls?: CallPolicy;
  /** Where the gateway reports. Default: `info` and above to stderr. */
  readonly logger?: GatewayLogger;
  /** Local upstreams' stderr. Default `inherit` (the gateway's own stderr). */
  readonly upstreamStderr?: UpstreamStderr;
  /** How the gateway introduces itself to its clients. Default `{ name: "loadout", version: "0.1.0" }`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /**
   * Opt-in usage recording: called with a positive event `{ query, called:
   * [tool], at }` when a call follows a search that found the tool. Which
   * search: the one whose `searchId` `call_tool` passes back, else (a
   * direct call, or `call_tool` without one, in a session) the session's
   * most recent search that found the called tool when the call started
   * (with many searches and calls in flight at once, not whichever search
   * ended last), else its latest search (which then records nothing, as it
   * did not find the tool). The receipt must check out:
   * issued by this replica, or its search, run again, returns the tool, so a
   * forged `searchId` records nothing. Each search and tool once per
   * replica (a call retried under the same `searchId`, in the same session,
   * a new one or statelessly, adds nothing; on another replica it is
   * recorded again: replicas share no state); every search has its own
   * `searchId`, so two sessions running the same search are two events.
   * `select:` queries are ignored. The call is recorded only once the
   * upstream answered it successfully: a result without `isError`, not
   * cancelled, before the gateway began to close. A call that timed out,
   * lost or crashed its upstream, answered too large or too deep, or was
   * cut off by shutdown records nothing (learning would train on failures).
   * It must not block (the answer waits for it) and should queue the write, e.g.
   * `createFeedbackRecorder(store).record` of `@loadout/learn/feedback`;
   * what it throws, or the promise it returns rejects with, is logged and
   * ignored. Default: none (nothing is recorded).
   */
  readonly recordUsage?: (event: UsageEvent) => void;
}
