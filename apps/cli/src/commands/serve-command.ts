import { resolve } from 'node:path';
import { createLoadoutError, describeValue, isLoadoutError } from '@loadout/core';
import type { MaybePromise, Ranker } from '@loadout/core';
import { usageRankerFactory } from '@loadout/core/plugins';
import {
  createStreamLogger,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  isLoopbackHost,
  parseMcpConfig,
  serveGateway,
  CALL_POLICIES,
  type CallPolicy,
  type GatewayLogLevel,
} from '@loadout/mcp';
import type { Command } from './command.js';
import { serveHelp as help } from './serve-help.js';
import { integerFlag, listFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { inheritedPolicyEnv } from '../io/parse-env-assignments.js';
import { sharedTokenCounter } from '../io/shared-token-counter.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';
import { rejectsUnknownKeys } from '../config/validate-config.js';
import { learnedForRanker } from './learned-ranker-choice.js';
import { DEFAULT_FEEDBACK_STORE } from '../io/default-feedback-store.js';
import { isDatabaseStore, openDatabaseStore } from '../io/open-feedback-store.js';
import { checkStoreLocation } from '../io/check-store-location.js';
import { DEFAULT_MAX_FEEDBACK_BYTES, MAX_FEEDBACK_RANGE } from '../io/max-feedback-flag.js';
import { withCappedWarnings } from '../io/capped-warnings.js';
import { createRateCappedLog } from '../io/rate-capped-log.js';
import { createProgressReporter } from '../io/progress-reporter.js';

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
  if (match !== null && port > 65_535) {
    throw createLoadoutError('invalid-option', `--http port ${port} is out of range: a port is 0-65535 (0 picks a free one)`, { flag: 'http', value });
  }
  if (match === null) {
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
        'connect-timeout': { type: 'string' },
        'startup-wait': { type: 'string' },
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
          `refusing to listen on ${address.host}, which other machines can reach; use 127.0.0.1, or add --host-unsafe (and require a token with --token-env VAR: without one, anyone who reaches the port can call every tool)`,
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
      const connectTimeoutMs = integerFlag(parsed, 'connect-timeout', { min: 1, max: 86_400_000 });
      // Not given: wait for every upstream's first attempt (each at most --connect-timeout), so a ready gateway lists every tool that answered.
      const startupWaitMs = integerFlag(parsed, 'startup-wait', { min: 0, max: 86_400_000 });
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
      if (feedbackFlag !== undefined) checkStoreLocation(feedbackFlag, 'feedback', { flag: 'feedback' }, context.env);
      const store = feedbackFlag ?? (record ? DEFAULT_FEEDBACK_STORE : undefined);
      const maxFeedbackBytes = integerFlag(parsed, 'max-feedback', MAX_FEEDBACK_RANGE);
      if (maxFeedbackBytes !== undefined && store === undefined) {
        throw createLoadoutError('invalid-option', '--max-feedback applies to --feedback or --record only', { flag: 'max-feedback' });
      }
      const streamLogger = createStreamLogger({ level: level as GatewayLogLevel, prefix: 'loadout serve', write: context.stderr });
      // A failing mod warns once per tool, at every re-index: the first 10 a minute, then a count (as search caps them).
      const modWarnings = createRateCappedLog({ write: (line) => streamLogger.warn(line), what: 'mod warning' });
      // A flood of clients refused at the session caps logs one info line each: likewise the first 10 a minute, then a count.
      const refusedSessions = createRateCappedLog({ write: (line) => streamLogger.info(line), what: 'refused session' });
      const logger = withCappedWarnings(
        withCappedWarnings(streamLogger, new Set(['mod-failed']), modWarnings),
        new Set(['mcp-session-refused']),
        refusedSessions,
        'info',
      );
      // A search a ranker fails through its own fault (crash, timeout, invalid result, its module changed) is answered
      // by bm25f (fallbackSearches below), whose warning names the ranker, the reason and the code: the one line about it.
      const rankerFailures = createRateCappedLog({ write: (line) => logger.warn(line), what: 'ranker failure' });

      const readyFile = stringFlag(parsed, 'ready-file');
      // A plug-in ranker's search over its budget is answered by bm25f with a warning each: capped as failed searches are.
      const configWarnings = withCappedWarnings(logger, new Set(['ranker-timeout']), rankerFailures);
      // A plug-in module's import over a second is said every second, as an info line of the log (its level and prefix).
      const progress = createProgressReporter({ prefix: '', write: (text) => logger.info(text.trimEnd()) });
      const settings = await loadCommandConfig('serve', parsed, context, (message) => configWarnings.warn(message), (message) => logger.info(message), progress);
      if (settings.mcpServers === undefined) {
        throw createLoadoutError(
          'invalid-option',
          `${settings.path ?? 'no loadout.config.json|.mjs|.js|.ts in this folder'}: no "mcpServers" to serve; add them to the config, or pass --config .mcp.json (see loadout serve --help)`,
          { flag: 'config' },
        );
      }
      // Loadout's own config files refuse unknown keys inside a server entry; a .mcp.json written for other clients warns.
      const config = parseMcpConfig(
        { mcpServers: settings.mcpServers },
        {
          source: settings.path ?? 'config',
          env: context.env,
          unknownKeys: settings.path !== undefined && rejectsUnknownKeys(settings.path, { mcpServers: settings.mcpServers }) ? 'reject' : 'warn',
          warn: (message) => logger.warn(message),
          info: (message) => logger.info(message),
        },
      );
      // The store itself is opened for appending (a read-only file fails here), and must be a feedback store; only once
      // there is something to serve, so a failed start leaves no empty store behind.
      const database = store !== undefined && isDatabaseStore(store) ? await openDatabaseStore(store) : undefined;
      if (database === undefined && record && store !== undefined) await (await import('@loadout/learn/feedback')).createFileFeedbackStore(resolve(context.cwd, store)).checkWritable();
      const shownStore = store === undefined ? undefined : (database?.location ?? resolve(context.cwd, store));
      /**
       * The ranker `loadout learn` decided for `store`, as a factory per index generation that the
       * gateway first calls while the upstreams boot, so reading the store overlaps their start-up;
       * undefined (the plain ranker by name) when the ranker does not learn from usage.
       */
      // The learned factory is read once, and again after forgetLearned() (a new decision in a database store).
      let loading: Promise<(() => MaybePromise<Ranker>) | undefined> | undefined;
      let forgetLearned: () => void = () => {};
      // What the last read that reached the store found (a factory, or undefined: no decision), kept while it is down.
      let lastRead: { readonly factory: (() => MaybePromise<Ranker>) | undefined } | undefined;
      // Set when the start-up check already warned that the database is down: the first read does not say it again.
      let downSaid = false;
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
            const said = downSaid;
            downSaid = false;
            let factory: (() => MaybePromise<Ranker>) | undefined;
            try {
              factory = await loadLearnedRankerFactory(path, undefined, context, {
                name,
                learns: definition.capabilities?.usage?.learns ?? [],
                withUsage,
                command: 'serve',
                ...(maxFeedbackBytes === undefined ? {} : { maxFeedbackBytes }),
              });
            } catch (error) {
              // A database that is down serves on (trial 3437): its decision watch re-indexes once it answers.
              if (!isLoadoutError(error) || error.code !== 'store-unavailable') throw error;
              const kept = lastRead?.factory;
              if (!said) logger.warn(`${error.message}; serving ${kept === undefined ? 'without the learned decision' : 'with the learned decision last read'} until it answers (then re-indexing with it) [store-unavailable]`);
              return kept;
            }
            lastRead = { factory };
            if (factory !== undefined) logger.info(`ranking with what loadout learn learned from ${shownStore ?? path}`);
            return factory;
          });
          const factory = await loading;
          // No decision (or learning off): the same ranker without usage.
          const made = await (factory === undefined ? withUsage(undefined) : factory());
          // Its results are checked by the gateway, as any ranker's.
          return made;
        };
      };
      const configured = settings.ranker ?? settings.registry.defaultRanker;
      // Unnamed, the ranker a file store's decision was learned and judged for (a database's may change while serving).
      const ranker = stringFlag(parsed, 'ranker') ?? settings.ranker ?? (store === undefined ? undefined : await learnedForRanker(store, context.cwd, settings.registry, false)) ?? configured;
      const limit = limitFlag ?? settings.limit;
      const learned = store === undefined ? undefined : learnedRanker(store, ranker, ranker === configured ? settings.rankerOptions : undefined);
      // A database that is down at start is no reason not to serve (trial 3437): one warning says what waits for it.
      // One that refuses for good (a wrong password, no such database: details.misconfigured) is a bad setting: exit 2 (3442).
      if (database !== undefined && (record || learned !== undefined)) {
        await database.checkWritable().catch(async (error: Error) => {
          if (isLoadoutError(error) && error.details['misconfigured'] === true) {
            await database.close();
            throw error;
          }
          downSaid = learned !== undefined;
          const waiting = learned === undefined ? '' : 'serving without the learned decision until it answers (then re-indexing with it)';
          logger.warn(`${error.message}; ${!record ? waiting : learned === undefined ? 'usage events are queued until it answers' : `${waiting}; usage events are queued meanwhile`}`);
        });
      }
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
        rankerFailures.flush();
        modWarnings.flush();
        refusedSessions.flush();
        await recorder?.close();
        await database?.close();
      };
      const served = await serveGateway({
        logger,
        cwd: context.cwd,
        // The MCP stdio channel: the stream the CLI keeps for itself (process.stdout.write goes to stderr).
        ...(context.stdoutStream === undefined ? {} : { stdout: context.stdoutStream }),
        ...(readyFile === undefined ? {} : { readyFile }),
        ...(options.waitForShutdown === undefined ? {} : { shutdown: options.waitForShutdown }),
        gateway: {
          config,
          logger,
          registry: settings.registry,
          // A search refused at the queue (ranker-busy), or that the ranker failed (crashed, threw, timed out, returned an
          // invalid result, its module changed), is answered by bm25f, with a warning per code.
          fallbackSearches: true,
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
          // Loaded only once the gateway is created (after the ready-file and port checks: a refused start loads no
          // tokenizer and leaves nothing loading behind it); not awaited, so it loads while the upstreams boot.
          tokenCounter: { then: (loaded, failed) => sharedTokenCounter().then(loaded, failed) },
          ...(limit === undefined ? {} : { limit }),
          ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }),
          ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
          ...(startupWaitMs === undefined ? {} : { startupWaitMs }),
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
        // A SIGINT/SIGTERM while the upstreams started: they were stopped, as asked.
        if (isLoadoutError(error) && error.code === 'cancelled') return undefined;
        throw error;
      });
      if (served === undefined) return 0;
      await served.stopped;
      await finish();
      return 0;
    },
  };
}

/** `loadout serve`: the MCP tool-search gateway. */
export const serveCommand: Command = createServeCommand();
