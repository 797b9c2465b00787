import type { CliContext } from './cli-context.js';
import type { LoadedCatalog } from './load-catalog.js';
import type { LoadoutConfig } from '../config/loadout-config.js';

/**
 * Says on stderr when `command` falls back to the embedded demo catalog
 * although the config names MCP servers: only `loadout serve` connects to
 * them, and a user searching "my servers" would otherwise read the demo's
 * tools as theirs.
 */
export function noteDemoCatalog(command: string, config: LoadoutConfig, loaded: LoadedCatalog, context: CliContext): void {
  if (!loaded.embedded || config.mcpServers === undefined || Object.keys(config.mcpServers).length === 0) return;
  context.stderr(
    `loadout ${command}: using the embedded demo catalog, not the config's mcpServers (only loadout serve connects to them); for their tools, run loadout catalog pull --config CONFIG --out tools.json and set "catalog": "tools.json"\n`,
  );
}
