import { createLoadoutError, describeKind, describeValue, setOwn } from '@loadout/core';
import { didYouMean } from '@loadout/core/plugins';
import { redactUrl } from '@loadout/core/utils';
import { expandEnv } from './expand-env.js';
import type { McpGatewayConfig, UpstreamConfig } from './mcp-config.js';

/** Options of {@link parseMcpConfig}. */
export interface ParseMcpConfigOptions {
  /** Where the config came from (a file path); starts every message. Default `mcp config`. */
  readonly source?: string;
  /**
   * Variables for `${VAR}` / `${VAR:-default}` in `command`, `args`, `env`,
   * `cwd`, `url` and `headers` (Claude Code's expansion). Default: none, and
   * references are kept literally.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * What an unknown key inside a server entry (`"agrs"`, `"evn"`) does:
   * `reject` throws `config-unknown-key` naming the server, the key and the
   * nearest known one (for loadout's own config files); `warn` passes that
   * message to `warn` and ignores the key (for `.mcp.json` files written for
   * other clients, whose entries may carry those clients' keys). Default `warn`.
   */
  readonly unknownKeys?: 'reject' | 'warn';
  /** Receives the messages of `unknownKeys: 'warn'`. Default: none (the keys are ignored silently). */
  readonly warn?: (message: string) => void;
  /** Receives one line per server skipped for `"disabled": true` (3468). Default: none. */
  readonly info?: (message: string) => void;
}

/** The keys a local (stdio) entry may carry. */
const STDIO_KEYS = ['type', 'command', 'args', 'env', 'cwd', 'alwaysLoad', 'disabled'] as const;
/** The keys a remote (http) entry may carry. */
const HTTP_KEYS = ['type', 'url', 'headers', 'alwaysLoad', 'disabled'] as const;

type Entry = Record<string, unknown>;

function isObject(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates a Claude-style `{ "mcpServers": { name: entry } }` object. An
 * entry is local (`command`, `args`, `env`, `cwd`; `type` absent or `stdio`)
 * or remote (`type: "http"` or `"streamable-http"`, `url`, `headers`); any
 * entry may set `alwaysLoad`, and `disabled`: an entry with `"disabled":
 * true` (the off switch of other clients' MCP files) is left out of the
 * result unread, so it is never started, listed or called, and `info` is told
 * so in one line (3468). Other keys inside an entry are refused or
 * warned about (`unknownKeys`); other top-level keys are ignored, so configs
 * shared with other clients load. Throws `mcp-invalid-config` naming the
 * server and the field (`details` carries `server` and `field`), and
 * `config-unknown-key` for an unknown entry key under `unknownKeys: 'reject'`.
 */
export function parseMcpConfig(value: unknown, options: ParseMcpConfigOptions = {}): McpGatewayConfig {
  const source = options.source ?? 'mcp config';
  const fail = (message: string, details: Record<string, unknown> = {}): never => {
    throw createLoadoutError('mcp-invalid-config', `${source}: ${message}`, { source, ...details });
  };
  if (!isObject(value)) fail(`expected an object with "mcpServers" (got ${describeValue(value)})`);
  const servers = (value as Entry)['mcpServers'];
  if (!isObject(servers)) fail(`"mcpServers" must be an object of servers by name (got ${describeValue(servers)})`, { field: 'mcpServers' });
  const result: Record<string, UpstreamConfig> = {};
  for (const [name, entry] of Object.entries(servers as Entry)) {
    if (name.trim().length === 0) fail(`a server name must not be empty (got ${describeValue(name)})`, { server: name });
    const disabled = isObject(entry) ? (entry['disabled'] ?? false) : false;
    if (typeof disabled !== 'boolean') fail(`server ${describeValue(name)}: disabled must be a boolean (got ${describeValue(disabled)})`, { server: name, field: 'disabled' });
    if (disabled === true) {
      // Its other fields are not read either: a server switched off often names a variable that is not set.
      options.info?.(`${source}: server ${describeValue(name)} is skipped: it is marked "disabled": true (not started, listed or callable)`);
      continue;
    }
    // Unknown keys first: a misspelt "comand" is reported as itself, not as a missing command.
    const kind = entryKind(entry);
    if (kind !== undefined) checkKeys(entry as Entry, kind, `${source}: server ${describeValue(name)}`, options, { source, server: name });
    const parsed = parseEntry(entry, options.env, (field, message) =>
      fail(`server ${describeValue(name)}: ${field === undefined ? '' : `${field} `}${message}`, { server: name, field }),
    );
    setOwn(result, name, parsed);
  }
  return { mcpServers: result };
}

/**
 * The kind of server an entry describes, read as `parseEntry` reads it: `http` for `type` `http` or
 * `streamable-http` (or a `url` without `command`), else `stdio`; undefined for no object or another `type`.
 */
function entryKind(entry: unknown): UpstreamConfig['type'] | undefined {
  if (!isObject(entry)) return undefined;
  const type = entry['type'] ?? (entry['url'] !== undefined && entry['command'] === undefined ? 'http' : 'stdio');
  if (type === 'http' || type === 'streamable-http') return 'http';
  return type === 'stdio' ? 'stdio' : undefined;
}

/** Refuses or warns about the keys of `entry` that its kind of server does not have (see `ParseMcpConfigOptions.unknownKeys`). */
function checkKeys(entry: Entry, kind: UpstreamConfig['type'], where: string, options: ParseMcpConfigOptions, details: Record<string, unknown>): void {
  const known: readonly string[] = kind === 'http' ? HTTP_KEYS : STDIO_KEYS;
  const other: readonly string[] = kind === 'http' ? STDIO_KEYS : HTTP_KEYS;
  for (const key of Object.keys(entry)) {
    if (known.includes(key)) continue;
    const hint = other.includes(key) ? ` (it applies to ${kind === 'http' ? 'local (command)' : 'remote (url)'} servers only)` : didYouMean(key, known);
    const message = `${where}: unknown key ${JSON.stringify(key)}${hint} (known: ${known.join(', ')})`;
    if (options.unknownKeys === 'reject') throw createLoadoutError('config-unknown-key', message, { ...details, key });
    options.warn?.(`${message}; ignored, as in an MCP file of another client [config-unknown-key]`);
  }
}

function parseEntry(
  entry: unknown,
  env: ParseMcpConfigOptions['env'],
  fail: (field: string | undefined, message: string) => never,
): UpstreamConfig {
  if (!isObject(entry)) return fail(undefined, `must be an object (got ${describeValue(entry)})`);
  const expand = (text: string, field: string): string => {
    if (env === undefined) return text;
    const result = expandEnv(text, env);
    if ('text' in result) return result.text;
    return fail(field, `uses \${${result.missing}}, which is not set and has no default (write \${${result.missing}:-default})`);
  };
  const text = (field: string, required: boolean): string | undefined => {
    const raw = entry[field];
    if (raw === undefined && !required) return undefined;
    if (typeof raw !== 'string' || raw.trim().length === 0) return fail(field, `must be a non-empty string (got ${describeValue(raw)})`);
    return expand(raw, field);
  };
  const record = (field: string): Record<string, string> => {
    const raw = entry[field] ?? {};
    if (!isObject(raw)) return fail(field, `must be an object of strings (got ${describeKind(raw)})`);
    const out: Record<string, string> = {};
    for (const [key, item] of Object.entries(raw)) {
      // Only the kind: env and headers values are often secrets.
      if (typeof item !== 'string') return fail(`${field}.${key}`, `must be a string (got ${describeKind(item)})`);
      setOwn(out, key, expand(item, `${field}.${key}`));
    }
    return out;
  };
  const alwaysLoad = entry['alwaysLoad'] ?? false;
  if (typeof alwaysLoad !== 'boolean') return fail('alwaysLoad', `must be a boolean (got ${describeValue(alwaysLoad)})`);
  const type = entry['type'] ?? (entry['url'] !== undefined && entry['command'] === undefined ? 'http' : 'stdio');
  if (type === 'http' || type === 'streamable-http') {
    // Messages quote the value as written, never as expanded: a ${VAR} may hold a secret.
    const url = text('url', true)!;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      const raw = entry['url'];
      return fail('url', `is not a valid URL (got ${describeValue(typeof raw === 'string' ? redactUrl(raw) : raw)})`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return fail('url', `must use http: or https: (got ${describeValue(parsed.protocol)})`);
    // fetch refuses them, and every retry would log them: credentials belong in headers.
    if (parsed.username !== '' || parsed.password !== '') {
      return fail('url', 'must not hold credentials (user:password@); put credentials in headers, say "headers": {"Authorization": "Bearer ${TOKEN}"}');
    }
    return { type: 'http', url, headers: record('headers'), alwaysLoad };
  }
  if (type !== 'stdio') {
    const hint = type === 'sse' ? '; the deprecated SSE transport is not supported, use "http" (streamable HTTP)' : '';
    return fail('type', `must be "stdio" or "http" (got ${describeValue(type)})${hint}`);
  }
  const command = text('command', true)!;
  const rawArgs = entry['args'] ?? [];
  if (!Array.isArray(rawArgs)) return fail('args', `must be an array of strings (got ${describeKind(rawArgs)})`);
  const args = rawArgs.map((arg, index) =>
    typeof arg === 'string' ? expand(arg, `args[${index}]`) : fail(`args[${index}]`, `must be a string (got ${describeKind(arg)})`),
  );
  const cwd = text('cwd', false);
  const config: UpstreamConfig = { type: 'stdio', command, args, env: record('env'), alwaysLoad };
  return cwd === undefined ? config : { ...config, cwd };
}
