import { createLoadoutError } from '@loadout/core';
import { parseMcpConfig, readMcpConfig, type McpGatewayConfig } from '@loadout/mcp';
import { loadConfig } from '../config/load-config.js';
import { checkFileFlag } from '../io/check-file-flag.js';
import { rejectsUnknownKeys } from '../config/validate-config.js';
import type { CliContext } from '../io/cli-context.js';

/** The servers `catalog pull` lists, and the config file they came from (never overwritten by `--out`). */
export interface PullConfig {
  readonly config: McpGatewayConfig;
  readonly path: string;
}

/**
 * The `mcpServers` of `--config FILE`, read as `serve` reads them: a JSON
 * file (a Claude-style `.mcp.json` or `loadout.config.json`) as JSON, a
 * `loadout.config.mjs|.js|.ts` through the config loader; without
 * `--config`, the current folder's `loadout.config.*` (trusted first, as
 * its servers' commands are code). `invalid-option` when there is no config
 * or it names no servers.
 */
export async function readPullConfig(configPath: string | undefined, context: CliContext): Promise<PullConfig> {
  checkFileFlag(configPath, 'config');
  const warn = (message: string): void => context.stderr(`loadout catalog pull: ${message}\n`);
  // A server marked "disabled": true is skipped as serve skips it: not started, not pulled (3468).
  const info = warn;
  if (configPath !== undefined && /\.json$/i.test(configPath)) {
    return { config: await readMcpConfig(configPath, { cwd: context.cwd, env: context.env, warn, info }), path: configPath };
  }
  // Only its servers are read: no ranker's module is imported.
  const settings = await loadConfig(configPath, context.cwd, warn, { startsServers: true, env: context.env, rankers: { kind: 'none' } });
  if (settings.path === undefined) {
    throw createLoadoutError('invalid-option', '--config FILE is required when this folder has no loadout.config.json|.mjs|.js|.ts (see loadout catalog --help)');
  }
  if (settings.mcpServers === undefined) {
    throw createLoadoutError('invalid-option', `${settings.path}: no "mcpServers" to pull from; add them to the config, or pass --config .mcp.json (see loadout catalog --help)`, { flag: 'config' });
  }
  const unknownKeys = rejectsUnknownKeys(settings.path, { mcpServers: settings.mcpServers }) ? 'reject' : 'warn';
  return { config: parseMcpConfig({ mcpServers: settings.mcpServers }, { source: settings.path, env: context.env, unknownKeys, warn, info }), path: settings.path };
}
