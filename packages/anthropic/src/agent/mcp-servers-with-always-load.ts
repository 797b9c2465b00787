import { createLoadoutError, isLoadoutError, modFromRules } from '@loadout/core';
import type { DeclarativeMod } from '@loadout/core';

/** Options of {@link mcpServersWithAlwaysLoad}. */
export interface AlwaysLoadOptions {
  /** Servers whose tools are always loaded, by server name. Display names of single tools (`mcp__server__tool`) cannot be set in a config and are reported. Default: none. */
  readonly alwaysLoad?: readonly string[];
  /**
   * Declarative mods; a rule that names a server (or no server) with no
   * tool (or tool `*`) and an `isDeferred` sets the whole server:
   * `isDeferred: false` → `alwaysLoad: true`, `true` → `alwaysLoad: false`.
   * The last matching rule wins; `alwaysLoad` above wins over every mod.
   * Rules for single tools are reported. Each mod is checked as
   * `modFromRules` checks it (a malformed one throws `mod-invalid`).
   * Default: none.
   */
  readonly mods?: readonly DeclarativeMod[];
}

/**
 * A choice that an `mcpServers` config cannot express:
 * - `unknown-server`: a name that is not a key of the servers given;
 * - `tool-level`: a choice for one tool (the server must mark it with
 *   `_meta["anthropic/alwaysLoad"]`, or use Loadout's search server instead);
 * - `sdk-server`: an in-process server (`type: 'sdk'`), whose always-load
 *   setting belongs in `createSdkMcpServer({ alwaysLoad })`.
 */
export interface AlwaysLoadWarning {
  readonly code: 'unknown-server' | 'tool-level' | 'sdk-server';
  readonly message: string;
  readonly name: string;
}

/** The result of {@link mcpServersWithAlwaysLoad}. */
export interface McpServersWithAlwaysLoad<T> {
  /** The servers, with `alwaysLoad` set where a choice applied; the others are the objects given. */
  readonly mcpServers: Record<string, T>;
  readonly warnings: AlwaysLoadWarning[];
}

const TOOL_NAME = /^mcp__(.+?)__(.+)$/;

/** Checks the declarative mod at `index` with core's checker, `modFromRules`: its error, said of `mods[INDEX]`. */
function checkMod(mod: DeclarativeMod, index: number): void {
  try {
    modFromRules(mod);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError(error.code, `mcpServersWithAlwaysLoad: mods[${index}]: ${error.message}`, { ...error.details, index }, { cause: error });
  }
}

function isSdkServer(config: object): boolean {
  return (config as { type?: unknown }).type === 'sdk';
}

/**
 * Turns always-load choices into the `mcpServers` option of the Agent
 * SDK's `query()` (`alwaysLoad` on stdio, SSE and HTTP entries), without
 * changing the objects given. Choices the config cannot express are
 * returned as warnings, not thrown. Throws LoadoutError `mod-invalid`
 * (`mods[INDEX]: …`) for a mod `modFromRules` refuses: an unknown key
 * (`name` for `plugin`), a rule with an unknown or mistyped field
 * (`isDefered`), a rule that does nothing, empty `rules`, an empty
 * description.
 */
export function mcpServersWithAlwaysLoad<T extends object>(
  servers: Readonly<Record<string, T>>,
  options: AlwaysLoadOptions = {},
): McpServersWithAlwaysLoad<T> {
  const names = Object.keys(servers);
  const choices = new Map<string, boolean>();
  const warnings: AlwaysLoadWarning[] = [];
  const unknown = (name: string): void => {
    warnings.push({ code: 'unknown-server', message: `no MCP server named "${name}" in mcpServers`, name });
  };
  const toolLevel = (name: string): void => {
    warnings.push({
      code: 'tool-level',
      message: `"${name}" is a choice for single tools, which mcpServers cannot express; the server must set _meta["anthropic/alwaysLoad"] on them`,
      name,
    });
  };
  const mods = options.mods ?? [];
  mods.forEach(checkMod);
  for (const mod of mods) {
    for (const rule of mod.rules) {
      if (rule.isDeferred === undefined) continue;
      if (rule.tool !== undefined && rule.tool !== '*') {
        toolLevel(`${rule.server === undefined ? '' : `mcp__${rule.server}__`}${rule.tool}`);
        continue;
      }
      if (rule.server !== undefined && !(rule.server in servers)) {
        unknown(rule.server);
        continue;
      }
      for (const name of rule.server === undefined ? names : [rule.server]) choices.set(name, !rule.isDeferred);
    }
  }
  for (const name of options.alwaysLoad ?? []) {
    if (name in servers) choices.set(name, true);
    else if (TOOL_NAME.test(name)) toolLevel(name);
    else unknown(name);
  }
  const mcpServers: Record<string, T> = {};
  for (const name of names) {
    const config = servers[name]!;
    const choice = choices.get(name);
    if (choice === undefined) {
      mcpServers[name] = config;
    } else if (isSdkServer(config)) {
      mcpServers[name] = config;
      warnings.push({ code: 'sdk-server', message: `"${name}" is an in-process server: pass alwaysLoad: ${choice} to createSdkMcpServer instead`, name });
    } else {
      mcpServers[name] = { ...config, alwaysLoad: choice };
    }
  }
  return { mcpServers, warnings };
}
