import { createLoadoutError, isLoadoutError, parseJson } from '@loadout/core';
import { parseMcpConfig, type McpGatewayConfig } from '@loadout/mcp';
import type { CliContext } from './cli-context.js';
import { readTextFile } from './read-text-file.js';

/**
 * Reads a Claude-style `{"mcpServers": {...}}` file for `serve` and `catalog
 * pull`, expanding `${VAR}` from the command's environment. Errors name the
 * path, the line and column or the server and field, never the file's text
 * or an expanded value (`file-not-found`, `file-not-text`, `mcp-invalid-config`).
 */
export async function readServersConfig(path: string, context: CliContext): Promise<McpGatewayConfig> {
  const text = await readTextFile(path, context.cwd);
  let value: unknown;
  try {
    value = parseJson(text, path);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    const { line, column } = error.details as { line?: number; column?: number };
    throw createLoadoutError('mcp-invalid-config', `${path} is not valid JSON (line ${line}, column ${column})`, { path, line, column });
  }
  return parseMcpConfig(value, { source: path, env: context.env });
}
