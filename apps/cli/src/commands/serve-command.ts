import { resolve } from 'node:path';
import { createLoadoutError, describeValue } from '@loadout/core';
import type { MaybePromise, Ranker } from '@loadout/core';
import { usageRankerFactory } from '@loadout/core/plugins';
import {
  createStreamLogger,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_GRACE_MS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  isLoopbackHost,
  parseMcpConfig,
  serveGateway,
  CALL_POLICIES,
  type CallPolicy,
  type GatewayLogLevel,
} from '@loadout/mcp';
import type { Command } from './command.js';
import { integerFlag, listFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { inheritedPolicyEnv } from '../io/parse-env-assignments.js';
import { sharedTokenCounter } from '../io/shared-token-counter.js';
import { BUILTIN_RANKER_NAMES, CONFIG_HELP } from '../config/config-help.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';
import { DEFAULT_FEEDBACK_STORE } from '../io/default-feedback-store.js';
import { isDatabaseStore, openDatabaseStore } from '../io/open-feedback-store.js';
import { DEFAULT_MAX_FEEDBACK_BYTES, MAX_FEEDBACK_RANGE } from '../io/max-feedback-flag.js';

const help = `loadout serve: one MCP server that searches and proxies the tools of many.

Usage:
  loadout serve [--config FILE] [--http [HOST:]PORT] [options]

Connects to every server of the config's "mcpServers" (with no --config, the
loadout.config.* of the current folder), lists and indexes all their tools, and
serves MCP over stdio (default) or streamable HTTP. A Claude-style .mcp.json
works too: loadout serve --config .mcp.json. Its "mcpServers" is a config key;
the keys such a file has for other tools (a file with "mcpServers" not named
loadout.config.*) are warned about on stderr and ignored, while a
loadout.config.* rejects unknown keys. A .mcp.json in the folder is not read
unless named with --config.

Whether tool search is on follows the policy contract, with ENABLE_TOOL_SEARCH,
CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS and ANTHROPIC_BASE_URL from the
environment, --model and --context-window. ENABLE_TOOL_SEARCH unset or true:
on; false: off; auto: off until the deferrable definitions reach 10% of the
context window (auto:N: N%), then on; an older model or
CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS keeps it off (loadout plan shows the
trace for a catalog). On: clients see search_tools and
call_tool plus the tools that stay upfront (alwaysLoad on the server or tool,
or pinned by a mod); tools a search finds join the list. Off (e.g.
ENABLE_TOOL_SEARCH=false): every upstream tool is listed upfront and there is
no search_tools. The config's mods and plugins rewrite descriptions and pin or
defer tools. The decision is re-made when an upstream's tools change
(notifications/tools/list_changed), and logged with its reason and trace at
start. Tool names are mcp__<server>__<tool>. Upstreams that crash are
reconnected with backoff; logs go to stderr.

Options:
  --config FILE            a loadout config, or a Claude-style .mcp.json: {"mcpServers": {"name":
                           {"command", "args", "env"} | {"type": "http", "url", "headers"},
                           "alwaysLoad"?}}; \${VAR} is expanded from the environment
  --no-config              ignore the current folder's loadout.config.*
  --http [HOST:]PORT       serve http://HOST:PORT/mcp instead of stdio; HOST defaults to
                           127.0.0.1, PORT 0 picks a free port
  --ranker NAME            ${BUILTIN_RANKER_NAMES},
                           or one the config's "rankers" adds (default: the config's "ranker",
                           else bm25f)
  --limit N                results per search when the client asks for none, 1-100
                           (default: the config's "limit", else 5)
  --model M                the model the policy decides for (default claude-sonnet-4-5)
  --context-window N       the model's context window in tokens (default: the model's own)
  --call-timeout MS        longest wait for an upstream tool call (default 30000)
  --calls any|found        which upstream tools clients may call (default any). Search is not an
                           access boundary: with any, a client may call every upstream tool by
                           name, found by a search or not. With found, only the tools listed
                           upfront and those a search returned: of that session (stdio and
                           2025-era HTTP sessions), or, for a stateless call_tool, of the
                           search whose searchId it carries; any other call gets -32602
                           [mcp-call-not-found]. It stops calls by guessed names, not a client
                           that searches first: limit who connects with --token-env
  --log-level LEVEL        debug | info | warn | error (default info)
  --ready-file FILE        once serving, write the endpoint (http://HOST:PORT/mcp, or "stdio")
                           and a newline to FILE; scripts wait for it to appear. FILE must be
                           absent or an earlier ready file (else exit 2, file-overwrite-refused)

Learning from usage (opt-in, nothing is recorded or read without these):
  --feedback STORE         rank with what loadout learn learned from this feedback store (when
                           learned.json beside it switched learning on; read once at start). A
                           postgres://USER@HOST/DB URL keeps events and decision in PostgreSQL,
                           shared by every replica: a new decision is picked up without a restart
                           (at once through NOTIFY, else within 30 s), events wait in a bounded
                           queue while the database is down
  --record                 append each search-then-call positive to the store (--feedback, else
                           ${DEFAULT_FEEDBACK_STORE}): when a session calls a tool one of its recent
                           searches found, the search's query, the tool's name and the time.
                           A store that cannot be written fails at start; once serving, a full
                           store (--max-feedback) or a failed write is logged, never fatal.
                           To learn from it: loadout catalog pull --config FILE --out tools.json,
                           loadout learn --catalog tools.json (no FILE), then restart serve
  --max-feedback BYTES     largest store read, and where recording stops, ${MAX_FEEDBACK_RANGE.min}-${MAX_FEEDBACK_RANGE.max}
                           (default ${DEFAULT_MAX_FEEDBACK_BYTES}); compact it with loadout learn --compact

The HTTP port is bound before any upstream starts: a busy port fails at once
with exit 2 [address-in-use]. Once listening, stderr says
"serving MCP over streamable HTTP at <url>".

HTTP safety (on by default; each relaxation is logged):
  --token-env VAR          require "Authorization: Bearer <value of $VAR>"; the token is
                           read from the environment, never from the command line. Repeat it
                           for several clients: each session is bound to the token that opened
                           it (without tokens, to the client address), so another client that
                           holds its id can neither use nor delete it (404)
  --allowed-origin ORIGIN  a browser origin allowed to call, e.g. http://localhost:5173;
                           repeatable. Other Origins get 403 (the gateway's own is allowed)
  --allowed-host HOST:PORT a Host header allowed besides the gateway's own, e.g. the load
                           balancer's address clients use; repeatable
  --max-body BYTES         largest request body, larger gets 413 (default ${DEFAULT_MAX_BODY_BYTES})
  --max-response BYTES     largest answer to one request (a batch's replies together); a reply
                           past it becomes error -32603 [mcp-response-too-large] (default ${DEFAULT_MAX_RESPONSE_BYTES})
  --max-connections N      open connections at once; past it a new one gets 503 with
                           Retry-After and is closed (default ${DEFAULT_MAX_CONNECTIONS})
  --max-connections-per-address N
                           open connections from one client address (default ${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS});
                           behind a load balancer, raise it to --max-connections
  --headers-timeout MS     time a client has to send a request's headers, then 408 (default ${DEFAULT_HEADERS_TIMEOUT_MS})
  --request-timeout MS     time a client has to send a whole request, headers and body, then
                           408 (default ${DEFAULT_REQUEST_TIMEOUT_MS}); answers and streams are not limited
  --session-idle-timeout MS
                           close a session with nothing in flight for this long; its next
                           request gets 404 and the client re-initializes (default ${DEFAULT_SESSION_IDLE_TIMEOUT_MS})
  --max-sessions N         sessions open at once (default ${DEFAULT_MAX_SESSIONS}); at the cap a session whose client
                           left (stream closed) or the least recently used one idle past
                           --session-grace makes room; never one with a request in flight or
                           in its handshake. If none can, the newcomer gets 503 with
                           Retry-After (the seconds until one may)
  --max-sessions-per-address N
                           sessions one client address may hold (default ${DEFAULT_MAX_SESSIONS_PER_ADDRESS})
  --session-grace MS       how long a session must be idle before a newcomer may evict it
                           (default ${DEFAULT_SESSION_GRACE_MS})
  --host-unsafe            allow a HOST other machines can reach (e.g. 0.0.0.0)
  -h, --help               show this help

${CONFIG_HELP}

Examples:
  loadout serve                        # mcpServers from ./loadout.config.*
  ENABLE_TOOL_SEARCH=auto:5 loadout serve --model claude-opus-4-5
  ENABLE_TOOL_SEARCH=false loadout serve
  loadout serve --config .mcp.json
  loadout serve --record               # record usage; later: loadout learn, then serve again
  LOADOUT_TOKEN=$(openssl rand -hex 16) loadout serve --config .mcp.json --http 127.0.0.1:8765 --token-env LOADOUT_TOKEN
  loadout serve --config .mcp.json --calls found   # only tools a search returned may be called
`;

const LOG_LEVELS: readonly GatewayLogLevel[] = ['debug', 'info', 'warn', 'error'];
const HTTP_ONLY = [
  'token-env',
  'allowed-origin',
  'allowed-host',
  'max-body',
  'host-unsafe',
  'session-idle-timeout',
  'max-sessions',
  'max-sessions-per-address',
  'session-grace',
  'max-response',
  'max-connections',
  'max-connections-per-address',
  'headers-timeout',
  'request-timeout',
] as const;

/** Reads `--http`: `PORT`, `HOST:PORT` or `[IPv6]:PORT`. */
export function parseHttpAddress(value: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(value.trim());
  const port = match === null ? Number.NaN : Number(match[2]);
  if (match === null || port > 65_535) {
    throw createLoadoutError('invalid-option', `--http must be PORT or HOST:PORT (e.g. 127.0.0.1:8765), got ${describeValue(value)}`, {
      flag: 'http',
      value,
    });
  }
  const host = match[1] ?? '127.0.0.1';
  return { host: host.startsWith('[') ? host.slice(1, -1) : host, port };
}

/** How {@link createServeCommand} waits; injectable for tests. */
export interface ServeCommandOptions {
  /** Resolves when the server should stop. Default: the first SIGINT or SIGTERM. */
  readonly waitForShutdown?: () => Promise<void>;
}

/** Builds the `serve` command; {@link serveCommand} is the one the CLI uses. */
export function createServeCommand(options: ServeCommandOptions = {}): Command {
  return {
    name: 'serve',
    help,
    async run(argv, context) {
      if (argv.some((arg) => arg === '--token' || arg.startsWith('--token='))) {
        throw createLoadoutError('invalid-option', 'never pass a token on the command line (it shows in ps and shell history); put it in an environment variable and pass --token-env VAR');
      }
      const parsed = parseArguments('serve', argv, {
        ...CONFIG_OPTIONS,
        http: { type: 'string' },
        ranker: { type: 'string' },
        limit: { type: 'string' },
        model: { type: 'string' },
        'context-window': { type: 'string' },
        'call-timeout': { type: 'string' },
        'log-level': { type: 'string' },
        'ready-file': { type: 'string' },
        'token-env': { type: 'string', multiple: true },
        calls: { type: 'string' },
        'session-grace': { type: 'string' },
        'max-response': { type: 'string' },
        'max-connections': { type: 'string' },
        'max-connections-per-address': { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'allowed-origin': { type: 'string', multiple: true },
        'allowed-host': { type: 'string', multiple: true },
        'max-body': { type: 'string' },
        'host-unsafe': { type: 'boolean' },
        'session-idle-timeout': { type: 'string' },
        'max-sessions': { type: 'string' },
        'max-sessions-per-address': { type: 'string' },
        feedback: { type: 'string' },
        record: { type: 'boolean' },
        'max-feedback': { type: 'string' },
      }, { positionals: false });
      if (parsed.values['help']) {
        context.stdout(help);
        return 0;
      }
      const httpValue = stringFlag(parsed, 'http');
      if (httpValue === undefined) {
        const stray = HTTP_ONLY.find((flag) => parsed.values[flag] !== undefined);
        if (stray !== undefined) throw createLoadoutError('invalid-option', `--${stray} applies to --http only`, { flag: stray });
      }
      const address = httpValue === undefined ? undefined : parseHttpAddress(httpValue);
      if (address !== undefined && !isLoopbackHost(address.host) && !parsed.values['host-unsafe']) {
        throw createLoadoutError(
          'invalid-option',
          `refusing to listen on ${address.host}, which other machines can reach; use 127.0.0.1, or add --host-unsafe (with --token-env)`,
          { flag: 'http', value: httpValue },
        );
      }
      const level = stringFlag(parsed, 'log-level') ?? 'info';
      if (!LOG_LEVELS.includes(level as GatewayLogLevel)) {
        throw createLoadoutError('invalid-option', `--log-level must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(level)}`, { flag: 'log-level' });
      }
      const tokens = listFlag(parsed, 'token-env').map((variable) => {
        const value = context.env[variable];
        if (value === undefined || value.length === 0) {
          throw createLoadoutError('invalid-option', `--token-env ${variable}: the variable is not set or empty`, { flag: 'token-env' });
        }
        return value;
      });
      const token = tokens.length === 0 ? undefined : tokens;
      const calls = stringFlag(parsed, 'calls') ?? 'any';
      if (!CALL_POLICIES.includes(calls as CallPolicy)) {
        throw createLoadoutError('invalid-option', `--calls must be one of ${CALL_POLICIES.join(', ')}, got ${JSON.stringify(calls)}`, { flag: 'calls' });
      }
      const limitFlag = integerFlag(parsed, 'limit', { min: 1, max: 100 });
      const contextWindow = integerFlag(parsed, 'context-window', { min: 1, max: 100_000_000 });
      const callTimeoutMs = integerFlag(parsed, 'call-timeout', { min: 1, max: 86_400_000 });
      const maxBodyBytes = integerFlag(parsed, 'max-body', { min: 1024, max: 67_108_864 });
      const sessionIdleTimeoutMs = integerFlag(parsed, 'session-idle-timeout', { min: 100, max: 86_400_000 });
      const maxSessions = integerFlag(parsed, 'max-sessions', { min: 1, max: 10_000 });
      const maxSessionsPerAddress = integerFlag(parsed, 'max-sessions-per-address', { min: 1, max: maxSessions ?? 10_000 });
      const sessionGraceMs = integerFlag(parsed, 'session-grace', { min: 0, max: sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS });
      const maxResponseBytes = integerFlag(parsed, 'max-response', { min: 65_536, max: 1_073_741_824 });
      const maxConnections = integerFlag(parsed, 'max-connections', { min: 1, max: 100_000 });
      const maxConnectionsPerAddress = integerFlag(parsed, 'max-connections-per-address', { min: 1, max: maxConnections ?? 100_000 });
      const requestTimeoutMs = integerFlag(parsed, 'request-timeout', { min: 1000, max: 3_600_000 });
      const headersTimeoutMs = integerFlag(parsed, 'headers-timeout', { min: 1000, max: requestTimeoutMs ?? 3_600_000 });
      const record = parsed.values['record'] === true;
      const feedbackFlag = stringFlag(parsed, 'feedback');
      const store = feedbackFlag ?? (record ? DEFAULT_FEEDBACK_STORE : undefined);
      const maxFeedbackBytes = integerFlag(parsed, 'max-feedback', MAX_FEEDBACK_RANGE);
      if (maxFeedbackBytes !== undefined && store === undefined) {
        throw createLoadoutError('invalid-option', '--max-feedback applies to --feedback or --record only', { flag: 'max-feedback' });
      }
      const logger = createStreamLogger({ level: level as GatewayLogLevel, prefix: 'loadout serve', write: context.stderr });

      const readyFile = stringFlag(parsed, 'ready-file');
      // The store itself is opened for appending (a read-only file fails here), and must be a feedback store.
      const database = store !== undefined && isDatabaseStore(store) ? await openDatabaseStore(store) : undefined;
      // A database that is down at start is no reason not to serve: events wait in the queue until it is back.
      if (database !== undefined && record) await database.checkWritable().catch((error: Error) => logger.warn(`${error.message}; usage events are queued until it answers`));
      if (database === undefined && record && store !== undefined) await (await import('@loadout/learn/feedback')).createFileFeedbackStore(resolve(context.cwd, store)).checkWritable();
      const shownStore = store === undefined ? undefined : (database?.location ?? resolve(context.cwd, store));
      const settings = await loadCommandConfig('serve', parsed, context, (message) => logger.warn(message));
      if (settings.mcpServers === undefined) {
        throw createLoadoutError(
          'invalid-option',
          `${settings.path ?? 'no loadout.config.json|.mjs|.js|.ts in this folder'}: no "mcpServers" to serve; add them to the config, or pass --config .mcp.json (see loadout serve --help)`,
          { flag: 'config' },
        );
      }
      const config = parseMcpConfig({ mcpServers: settings.mcpServers }, { source: settings.path ?? 'config', env: context.env });
      /**
       * The ranker `loadout learn` decided for `store`, as a factory per index generation that the
       * gateway first calls while the upstreams boot, so reading the store overlaps their start-up;
       * undefined (the plain ranker by name) when the ranker does not learn from usage.
       */
      // The learned factory is read once, and again after forgetLearned() (a new decision in a database store).
      let loading: Promise<(() => MaybePromise<Ranker>) | undefined> | undefined;
      let forgetLearned: () => void = () => {};
      const learnedRanker = (path: string, name: string, rankerOptions: Readonly<Record<string, unknown>> | undefined): (() => Promise<Ranker>) | undefined => {
        const definition = settings.registry.ranker(name);
        const withUsage = usageRankerFactory(definition, rankerOptions);
        if (withUsage === undefined) {
          logger.warn(`ranker ${JSON.stringify(name)} does not learn from usage (its definition declares no capabilities.usage); serving without usage`);
          return undefined;
        }
        forgetLearned = () => (loading = undefined);
        return async () => {
          loading ??= import('./learned-ranker.js').then(async ({ loadLearnedRankerFactory }) => {
            const factory = await loadLearnedRankerFactory(path, undefined, context, { name, learns: definition.capabilities?.usage?.learns ?? [], withUsage }, {
              command: 'serve',
              ...(maxFeedbackBytes === undefined ? {} : { maxFeedbackBytes }),
            });
            if (factory !== undefined) logger.info(`ranking with what loadout learn learned from ${shownStore ?? path}`);
            return factory;
          });
          const factory = await loading;
          // No decision (or learning off): the same ranker without usage.
          return factory === undefined ? withUsage(undefined) : factory();
        };
      };
      const configured = settings.ranker ?? settings.registry.defaultRanker;
      const ranker = stringFlag(parsed, 'ranker') ?? configured;
      const limit = limitFlag ?? settings.limit;
      const learned = store === undefined ? undefined : learnedRanker(store, ranker, ranker === configured ? settings.rankerOptions : undefined);
      const recorder =
        record && database !== undefined
          ? (await import('@loadout/learn-postgres')).createQueuedRecorder(database, {
              onIssue: (issue) => (issue.code === 'store-recovered' ? logger.info(issue.message) : logger.warn(`usage recording: ${issue.message} [${issue.code}]`)),
            })
          : record && store !== undefined
          ? (await import('@loadout/learn/feedback')).createFeedbackRecorder(resolve(context.cwd, store), {
              maxBytes: maxFeedbackBytes ?? DEFAULT_MAX_FEEDBACK_BYTES,
              onIssue: (issue) => logger.warn(`usage not recorded: ${issue.message} [${issue.code}]`),
            })
          : undefined;
      if (recorder !== undefined) logger.info(`recording usage (search-then-call positives) to ${shownStore}; loadout learn learns from it`);
      const finish = async (): Promise<void> => {
        await recorder?.close();
        await database?.close();
      };
      const served = await serveGateway({
        logger,
        cwd: context.cwd,
        ...(readyFile === undefined ? {} : { readyFile }),
        ...(options.waitForShutdown === undefined ? {} : { shutdown: options.waitForShutdown }),
        gateway: {
          config,
          logger,
          registry: settings.registry,
          ...(learned === undefined
            ? { ranker, ...(ranker === configured && settings.rankerOptions !== undefined ? { rankerOptions: settings.rankerOptions } : {}) }
            : { ranker: learned }),
          ...(recorder === undefined ? {} : { recordUsage: recorder.record }),
          ...(settings.mods === undefined ? {} : { mods: settings.mods }),
          policy: {
            model: stringFlag(parsed, 'model') ?? 'claude-sonnet-4-5',
            env: inheritedPolicyEnv(context.env),
            ...(contextWindow === undefined ? {} : { contextWindow }),
          },
          // Not awaited: the gateway spawns the upstreams first, then loads and warms the counter while they boot.
          tokenCounter: sharedTokenCounter(),
          ...(limit === undefined ? {} : { limit }),
          ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }),
          calls: calls as CallPolicy,
        },
        ...(address === undefined
          ? {}
          : {
              http: {
                host: address.host,
                port: address.port,
                allowNonLoopback: Boolean(parsed.values['host-unsafe']),
                allowedOrigins: listFlag(parsed, 'allowed-origin'),
                allowedHosts: listFlag(parsed, 'allowed-host'),
                ...(token === undefined ? {} : { token }),
                ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
                ...(sessionIdleTimeoutMs === undefined ? {} : { sessionIdleTimeoutMs }),
                ...(maxSessions === undefined ? {} : { maxSessions }),
                ...(maxSessionsPerAddress === undefined ? {} : { maxSessionsPerAddress }),
                ...(sessionGraceMs === undefined ? {} : { sessionGraceMs }),
                ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
                ...(maxConnections === undefined ? {} : { maxConnections }),
                ...(maxConnectionsPerAddress === undefined ? {} : { maxConnectionsPerAddress }),
                ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
                ...(headersTimeoutMs === undefined ? {} : { headersTimeoutMs }),
              },
            }),
        // Replicas sharing a database store pick up a new decision without restarting: at once on NOTIFY, else within 30 s.
        ...(database === undefined || learned === undefined
          ? {}
          : {
              onGateway: (gateway) =>
                database.watchDecision(() => {
                  forgetLearned();
                  gateway.reindex().then(
                    () => logger.info(`re-indexed with the learned decision now in ${database.decisionLocation}`),
                    (error: Error) => logger.error(`re-indexing after a new learned decision failed: ${error.message}`),
                  );
                }),
            }),
      }).catch(async (error: unknown) => {
        await finish();
        throw error;
      });
      await served.stopped;
      await finish();
      return 0;
    },
  };
}

/** `loadout serve`: the MCP tool-search gateway. */
export const serveCommand: Command = createServeCommand();
