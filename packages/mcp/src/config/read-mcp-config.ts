import { readFile } from 'node:fs/promises';
import { createLoadoutError } from '@loadout/core';
import type { McpGatewayConfig } from './mcp-config.js';
import { parseMcpConfig } from './parse-mcp-config.js';

/** Options of {@link readMcpConfig}. */
export interface ReadMcpConfigOptions {
  /** Variables for `${VAR}` expansion; see `parseMcpConfig`. Default: none (references kept literally). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Reads and validates an `mcpServers` JSON file. Throws `file-not-found`,
 * `file-unreadable`, or `mcp-invalid-config` (malformed JSON or a bad entry,
 * naming the path, the server and the field).
 */
export async function readMcpConfig(path: string, options: ReadMcpConfigOptions = {}): Promise<McpGatewayConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw createLoadoutError('file-not-found', `no such file: ${path}`, { path });
    throw createLoadoutError('file-unreadable', `cannot read ${path}: ${code ?? String(error)}`, { path });
  }
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw createLoadoutError('mcp-invalid-config', `${path} is not valid JSON: ${(error as Error).message}`, { source: path });
  }
  return parseMcpConfig(value, options.env === undefined ? { source: path } : { source: path, env: options.env });
}
