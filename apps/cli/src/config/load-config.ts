import { existsSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { createLoadoutError, isLoadoutError, parseJson } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { readTextFile } from '@loadout/eval/files';
import { configError } from './config-error.js';
import { assertTrusted, type TrustEnvironment } from './config-trust.js';
import { importDefault } from './import-config-module.js';
import { loadPluginMods, loadRankers } from './load-plugins.js';
import { CONFIG_FILE_NAMES } from './loadout-config.js';
import type { LoadoutConfig, LoadoutConfigFile } from './loadout-config.js';
import { validateConfig } from './validate-config.js';

/** Extensions a config module may have (besides `.json`). */
const MODULE_EXTENSION = /\.(?:[cm]?js|[cm]?ts)$/;

async function readJson(path: string, cwd: string): Promise<unknown> {
  const text = await readTextFile(path, { cwd });
  try {
    // parseJson names the line and column where the text broke, never the text.
    return parseJson(text, path);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError('config-invalid', error.message, { ...error.details, path });
  }
}

async function importModule(path: string, cwd: string): Promise<unknown> {
  if (!existsSync(path)) throw createLoadoutError('file-not-found', `no such file: ${path}`, { path });
  // A folder is named as the one text reader names it (file-unreadable), never as a module that failed to import.
  if (statSync(path).isDirectory()) await readTextFile(path, { cwd });
  if (!MODULE_EXTENSION.test(path)) {
    throw createLoadoutError('config-invalid', `${path}: a config is JSON (.json) or a module (.mjs, .js, .ts); got ${JSON.stringify(extname(path) || 'no extension')}`, { path });
  }
  try {
    return await importDefault(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw createLoadoutError('plugin-load-failed', `${path} threw while loading: ${reason}`, { path });
  }
}

/** How {@link loadConfig} finds the folder's config. */
export interface LoadConfigOptions {
  /** Ignore the folder's config (`--no-config`): built-ins only. Default false; an error with an explicit path. */
  readonly noConfig?: boolean;
  /** The command starts the config's `mcpServers` commands (`loadout serve`): they count as code to trust. Default false. */
  readonly startsServers?: boolean;
  /** Where the trust records live (see `trustFolder`). Default: `process.env`. */
  readonly env?: TrustEnvironment;
}

/**
 * Loads the configuration from `explicitPath`, or else the first of
 * {@link CONFIG_FILE_NAMES} in `cwd` (only there: a configuration that runs
 * code is never picked up from another folder). With none, the built-ins
 * and no mods. Warnings (unknown keys of a Claude-style `.mcp.json`) go
 * to `warn`. Relative paths (`catalog`, `rankers`, `plugins`) resolve
 * against the file's folder; the plug-in modules are imported and checked,
 * and the registry holds the built-in rankers plus the file's. A folder's
 * config that would run code must be trusted first (`config-untrusted`, see
 * `assertTrusted`); one named by `explicitPath` is loaded as asked.
 */
export async function loadConfig(
  explicitPath: string | undefined,
  cwd: string,
  warn?: (message: string) => void,
  options: LoadConfigOptions = {},
): Promise<LoadoutConfig> {
  if (options.noConfig === true) {
    if (explicitPath !== undefined) throw createLoadoutError('invalid-option', `--config ${explicitPath} and --no-config contradict each other; pass one`);
    return { path: undefined, registry: createBuiltinRegistry() };
  }
  const path =
    explicitPath === undefined
      ? CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate))
      : resolve(cwd, explicitPath);
  if (path === undefined) return { path: undefined, registry: createBuiltinRegistry() };
  const isJson = path.endsWith('.json');
  const json = isJson ? await readJson(path, cwd) : undefined;
  // The gate comes before any import: an untrusted folder's code never runs.
  if (explicitPath === undefined) await assertTrusted(path, json, options.env ?? process.env, options.startsServers);
  const file: LoadoutConfigFile = validateConfig(isJson ? json : await importModule(path, cwd), path, warn);
  const folder = dirname(path);
  const rankers = file.rankers === undefined ? [] : await loadRankers(file.rankers, folder, path);
  const mods = file.plugins === undefined ? [] : await loadPluginMods(file.plugins, folder, path);
  let registry;
  try {
    registry = createBuiltinRegistry({ rankers, mods });
  } catch (error) {
    if (isLoadoutError(error)) throw configError(error.code, path, 'rankers', error.message);
    throw error;
  }
  if (file.ranker !== undefined && !registry.hasRanker(file.ranker)) {
    try {
      registry.ranker(file.ranker);
    } catch (error) {
      if (isLoadoutError(error)) throw configError(error.code, path, 'ranker', error.message);
      throw error;
    }
  }
  const { rankers: _rankers, plugins: _plugins, ...rest } = file;
  return {
    ...rest,
    ...(file.catalog === undefined ? {} : { catalog: resolve(folder, file.catalog) }),
    path,
    registry,
  };
}
