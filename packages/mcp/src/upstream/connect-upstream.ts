import { statSync } from 'node:fs';
import { createLoadoutError } from '@loadout/core';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { HttpUpstreamConfig, StdioUpstreamConfig, UpstreamConfig } from '../config/mcp-config.js';
import { withRedactedErrors } from './redacted-errors-transport.js';
import { limitStdioTransport, type StdioMessageLimits } from './limit-stdio-transport.js';
import { stopProbeProcessTrees, stopProcessTreeOnClose } from './stop-process-tree.js';
import { describeProcessExit, watchProcessExit, type ProcessExit } from './process-exit.js';

/**
 * What happens to a local upstream's stderr: shared with the gateway's, dropped, or handed over line by line (then
 * its last line is also quoted when the process exits before it answers).
 */
export type UpstreamStderr = 'inherit' | 'ignore' | ((line: string) => void);

/** Options of {@link connectUpstream}. */
export interface ConnectUpstreamOptions {
  /** Longest wait for the whole handshake (version probe and `initialize`), in ms. A positive integer. */
  readonly timeoutMs: number;
  /** A local upstream's stderr. Default `inherit`. */
  readonly stderr?: UpstreamStderr;
  /** Name and version the gateway introduces itself with. Default `loadout-gateway` 0.1.0. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Aborts the handshake (the process is stopped, the promise rejects). Default: none. */
  readonly signal?: AbortSignal;
  /** Size limits of a local upstream's messages (see `GatewayLimits.maxMessageBytes`). Default: the MCP SDK's own 10 MiB, over which it drops the connection. */
  readonly messageLimits?: StdioMessageLimits;
}

function createHttpTransport(config: HttpUpstreamConfig): Transport {
  return withRedactedErrors(new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: { ...config.headers } } }));
}

/** Throws `file-not-found` when `cwd` is not an existing folder. */
function checkWorkingFolder(cwd: string): void {
  let folder: boolean;
  try {
    folder = statSync(cwd).isDirectory();
  } catch {
    folder = false;
  }
  if (!folder) throw createLoadoutError('file-not-found', `its cwd ${JSON.stringify(cwd)} is not an existing folder [file-not-found]`, { cwd });
}

/** How a local upstream's process ended by itself, and the last line of its stderr when the gateway read it. */
export interface UpstreamExit {
  readonly exit: ProcessExit;
  readonly lastStderrLine?: string;
}

/** A local upstream's transport, and what tells why it went away. */
interface StdioConnection {
  readonly transport: Transport;
  /** How its process ended by itself; undefined while it runs or once the gateway closed it. */
  readonly ended: () => UpstreamExit | undefined;
}

/** How the process behind each connected local upstream ended (see {@link upstreamExit}). */
const endings = new WeakMap<Client, () => UpstreamExit | undefined>();

/**
 * How the process of a local upstream that {@link connectUpstream}
 * connected ended by itself (format it with `describeProcessExit`: `exited
 * with code 3; last line on its stderr: "…"`), so its `Connection closed`
 * has a cause to name. Undefined while the process runs, once the gateway
 * closed it, and for an HTTP upstream.
 */
export function upstreamExit(client: Client): UpstreamExit | undefined {
  return endings.get(client)?.();
}

/** Synchronous, so the gateway's upstream processes are all spawned before it does anything else. */
function createStdioTransport(config: StdioUpstreamConfig, stderr: UpstreamStderr, limits: StdioMessageLimits | undefined): StdioConnection {
  const transport = new StdioClientTransport({
    command: config.command,
    args: [...config.args],
    env: { ...config.env },
    stderr: typeof stderr === 'function' ? 'pipe' : stderr,
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    ...(limits === undefined ? {} : { maxBufferSize: limits.messageBytes }),
  });
  if (limits !== undefined) limitStdioTransport(transport, limits);
  const exits = watchProcessExit(transport);
  // Closing stops what the upstream started too (a wrapper's child would be left running, holding the pipes).
  stopProcessTreeOnClose(transport);
  stopProbeProcessTrees();
  let pending = '';
  let lastLine: string | undefined;
  if (typeof stderr === 'function') {
    transport.stderr?.on('data', (chunk: Buffer | string) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim().length === 0) continue;
        lastLine = line;
        stderr(line);
      }
    });
  }
  const ended = (): UpstreamExit | undefined => {
    const exit = exits.exit();
    if (exit === undefined) return undefined;
    const line = pending.trim().length > 0 ? pending : lastLine;
    return line === undefined ? { exit } : { exit, lastStderrLine: line };
  };
  return { transport, ended };
}

/**
 * Starts (stdio) or reaches (http) one upstream server and completes the MCP
 * handshake. The client declares no capabilities: the gateway only lists and
 * calls tools. Rejects when the process cannot start (`file-not-found` for a
 * `cwd` that is no folder), exits (`exited with code 3 before it answered`,
 * see `describeProcessExit`; with the last line of its stderr when `stderr` is
 * a function, which reads it), or does not answer within `timeoutMs`, or
 * `signal` aborts; nothing is left running then.
 */
export async function connectUpstream(config: UpstreamConfig, options: ConnectUpstreamOptions): Promise<Client> {
  // Node reports a missing cwd as `spawn <command> ENOENT`, as if the command were missing.
  if (config.type === 'stdio' && config.cwd !== undefined) checkWorkingFolder(config.cwd);
  const client = new Client(options.clientInfo ?? { name: 'loadout-gateway', version: '0.1.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  const stdio = config.type === 'stdio' ? createStdioTransport(config, options.stderr ?? 'inherit', options.messageLimits) : undefined;
  const transport = stdio?.transport ?? createHttpTransport(config as HttpUpstreamConfig);
  // The SDK's version probe does not stop on the signal: closing the transport does, at once.
  const { signal } = options;
  let aborting: Promise<void> | undefined;
  const abort = (): void => void (aborting ??= transport.close().catch(() => {}));
  signal?.addEventListener('abort', abort, { once: true });
  // One deadline for the whole handshake: the SDK applies timeoutMs to its version probe and to initialize each.
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    abort();
  }, options.timeoutMs);
  deadline.unref?.();
  try {
    if (signal?.aborted === true) throw new Error('the connection attempt was cancelled');
    await client.connect(transport, { timeout: options.timeoutMs, ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    // Read before the close below stops the process: a process that ended by itself says why it failed.
    const ended = aborting === undefined ? stdio?.ended() : undefined;
    const exited = ended === undefined ? undefined : describeProcessExit(ended.exit, ended.lastStderrLine, ' before it answered');
    // Settled only once the process (and whatever it started) is gone.
    await aborting;
    await client.close().catch(() => {});
    if (timedOut && signal?.aborted !== true) throw new Error(`no answer to the handshake within ${options.timeoutMs} ms`);
    throw exited === undefined ? error : new Error(exited, { cause: error });
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', abort);
  }
  if (stdio !== undefined) endings.set(client, stdio.ended);
  return client;
}
