import { readFile } from 'node:fs/promises';
import { createLoadoutError, isLoadoutError, parseJson } from '@loadout/core';
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
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Where it broke, never what is there: the file may hold secrets.
    const { line, column } = jsonErrorPlace(text, path);
    throw createLoadoutError('mcp-invalid-config', `${path} is not valid JSON (line ${line}, column ${column})`, { source: path, line, column });
  }
  return parseMcpConfig(value, options.env === undefined ? { source: path } : { source: path, env: options.env });
}

/** Line and column where `text` stops being JSON, from core's `parseJson` (which never quotes the text). */
function jsonErrorPlace(text: string, path: string): { line?: number; column?: number } {
  try {
    parseJson(text, path);
  } catch (error) {
    if (isLoadoutError(error)) return error.details as { line?: number; column?: number };
  }
  return {};
}
