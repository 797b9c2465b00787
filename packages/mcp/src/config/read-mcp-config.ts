import { readJsonFile } from '@loadout/eval/files';
import type { McpGatewayConfig } from './mcp-config.js';
import { parseMcpConfig, type ParseMcpConfigOptions } from './parse-mcp-config.js';

/** Options of {@link readMcpConfig}. */
export interface ReadMcpConfigOptions {
  /** Variables for `${VAR}` expansion; see `parseMcpConfig`. Default: none (references kept literally). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The folder a relative path resolves against. Default: the process's working folder. Messages show the path as given. */
  readonly cwd?: string;
  /** Unknown keys inside a server entry: refused or warned about; see `parseMcpConfig`. Default `warn`. */
  readonly unknownKeys?: ParseMcpConfigOptions['unknownKeys'];
  /** Receives the warnings about unknown entry keys. Default: none. */
  readonly warn?: (message: string) => void;
  /** Receives one line per server skipped for `"disabled": true`; see `parseMcpConfig`. Default: none. */
  readonly info?: (message: string) => void;
}

/**
 * Reads and validates an `mcpServers` JSON file. Throws `file-not-found`,
 * `file-unreadable`, `file-not-text` (UTF-16, binary data) or
 * `mcp-invalid-config` (malformed JSON by line and column, or a bad entry
 * naming the path, the server and the field; never the file's text).
 */
export async function readMcpConfig(path: string, options: ReadMcpConfigOptions = {}): Promise<McpGatewayConfig> {
  const value = await readJsonFile(path, { invalidCode: 'mcp-invalid-config', ...(options.cwd === undefined ? {} : { cwd: options.cwd }) });
  return parseMcpConfig(value, {
    source: path,
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.unknownKeys === undefined ? {} : { unknownKeys: options.unknownKeys }),
    ...(options.warn === undefined ? {} : { warn: options.warn }),
    ...(options.info === undefined ? {} : { info: options.info }),
  });
}
