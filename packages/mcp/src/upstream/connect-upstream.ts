import { statSync } from 'node:fs';
import { createLoadoutError } from '@loadout/core';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { HttpUpstreamConfig, StdioUpstreamConfig, UpstreamConfig } from '../config/mcp-config.js';
import { limitStdioTransport, type StdioMessageLimits } from './limit-stdio-transport.js';
import { stopProbeProcessTrees, stopProcessTreeOnClose } from './stop-process-tree.js';

/** What happens to a local upstream's stderr: shared with the gateway's, dropped, or handed over line by line. */
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
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: { ...config.headers } } });
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

/** Synchronous, so the gateway's upstream processes are all spawned before it does anything else. */
function createStdioTransport(config: StdioUpstreamConfig, stderr: UpstreamStderr, limits: StdioMessageLimits | undefined): Transport {
  const transport = new StdioClientTransport({
    command: config.command,
    args: [...config.args],
    env: { ...config.env },
    stderr: typeof stderr === 'function' ? 'pipe' : stderr,
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    ...(limits === undefined ? {} : { maxBufferSize: limits.messageBytes }),
  });
  if (limits !== undefined) limitStdioTransport(transport, limits);
  // Closing stops what the upstream started too (a wrapper's child would be left running, holding the pipes).
  stopProcessTreeOnClose(transport);
  stopProbeProcessTrees();
  if (typeof stderr === 'function') {
    let pending = '';
    transport.stderr?.on('data', (chunk: Buffer | string) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim().length > 0) stderr(line);
    });
  }
  return transport;
}

/**
 * Starts (stdio) or reaches (http) one upstream server and completes the MCP
 * handshake. The client declares no capabilities: the gateway only lists and
 * calls tools. Rejects when the process cannot start (`file-not-found` for a
 * `cwd` that is no folder), exits, or does not answer within `timeoutMs`, or
 * `signal` aborts; nothing is left running then.
 */
export async function connectUpstream(config: UpstreamConfig, options: ConnectUpstreamOptions): Promise<Client> {
  // Node reports a missing cwd as `spawn <command> ENOENT`, as if the command were missing.
  if (config.type === 'stdio' && config.cwd !== undefined) checkWorkingFolder(config.cwd);
  const client = new Client(options.clientInfo ?? { name: 'loadout-gateway', version: '0.1.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  const transport = config.type === 'http' ? createHttpTransport(config) : createStdioTransport(config, options.stderr ?? 'inherit', options.messageLimits);
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
    // Settled only once the process (and whatever it started) is gone.
    await aborting;
    await client.close().catch(() => {});
    throw timedOut && signal?.aborted !== true ? new Error(`no answer to the handshake within ${options.timeoutMs} ms`) : error;
  } finally {
    clearTimeout(deadline);
    signal?.removeEventListener('abort', abort);
  }
  return client;
}
