import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { HttpUpstreamConfig, StdioUpstreamConfig, UpstreamConfig } from '../config/mcp-config.js';

/** What happens to a local upstream's stderr: shared with the gateway's, dropped, or handed over line by line. */
export type UpstreamStderr = 'inherit' | 'ignore' | ((line: string) => void);

/** Options of {@link connectUpstream}. */
export interface ConnectUpstreamOptions {
  /** Longest wait for the `initialize` handshake, in ms. A positive integer. */
  readonly timeoutMs: number;
  /** A local upstream's stderr. Default `inherit`. */
  readonly stderr?: UpstreamStderr;
  /** Name and version the gateway introduces itself with. Default `loadout-gateway` 0.1.0. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Aborts the handshake (the process is stopped, the promise rejects). Default: none. */
  readonly signal?: AbortSignal;
}

/** Imported only for an HTTP upstream: with its OAuth and SSE modules it costs a stdio gateway 0.1–0.2 s of start-up. */
async function createHttpTransport(config: HttpUpstreamConfig): Promise<Transport> {
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: { ...config.headers } } });
}

/** Synchronous, so the gateway's upstream processes are all spawned before it does anything else. */
function createStdioTransport(config: StdioUpstreamConfig, stderr: UpstreamStderr): Transport {
  const transport = new StdioClientTransport({
    command: config.command,
    args: [...config.args],
    env: { ...config.env },
    stderr: typeof stderr === 'function' ? 'pipe' : stderr,
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
  });
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
 * calls tools. Rejects when the process cannot start, exits, or does not
 * answer within `timeoutMs`, or `signal` aborts; nothing is left running then.
 */
export async function connectUpstream(config: UpstreamConfig, options: ConnectUpstreamOptions): Promise<Client> {
  const client = new Client(options.clientInfo ?? { name: 'loadout-gateway', version: '0.1.0' }, { capabilities: {} });
  const transport = config.type === 'http' ? await createHttpTransport(config) : createStdioTransport(config, options.stderr ?? 'inherit');
  try {
    await client.connect(transport, { timeout: options.timeoutMs, ...(options.signal === undefined ? {} : { signal: options.signal }) });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}
