import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { configError } from './config-error.js';
import { checkModNames } from './config-mods.js';
import { loadRankersKeepingBroken } from './broken-ranker.js';
import { assertModulesTrusted, assertTrusted } from './config-trust.js';
import { loadPluginMods, loadRankers, type PluginLoadOptions } from './load-plugins.js';
import { CONFIG_FILE_NAMES } from './loadout-config.js';
import { selects, type RankerSelection } from './ranker-selection.js';
import type { LoadoutConfig, LoadoutConfigFile } from './loadout-config.js';
import { readConfigJson, importConfigModule } from './read-config-value.js';
import type { RankerFallback } from '../sandbox/start-fallback.js';
import type { TrustEnvironment } from './trust-folder.js';
import { validateConfig } from './validate-config.js';
import { checkFileFlag } from '../io/check-file-flag.js';

/** How {@link loadConfig} finds the folder's config. */
export interface LoadConfigOptions {
  /** Ignore the folder's config (`--no-config`): built-ins only. Default false; an error with an explicit path. */
  readonly noConfig?: boolean;
  /** The command starts the config's `mcpServers` commands (`loadout serve`): they count as code to trust. Default false. */
  readonly startsServers?: boolean;
  /** Where the trust records live (see `trustFolder`). Default: `process.env`. */
  readonly env?: TrustEnvironment;
  /**
   * A plug-in ranker that cannot start (its module does not finish loading,
   * or its `create` throws or overruns the start budget) is replaced by the
   * built-in default ranker (`bm25f`, default options), with one warning to
   * `warn` naming the ranker and the code (`loadout serve`: it keeps serving;
   * see `withStartFallback`). A start that overran its budget goes on: once
   * it started, the ranker takes over, with one line to `info`. A search
   * over its time budget is answered by the built-in ranker too, with one
   * warning each (see `withSearchFallback`). Default false: creating it
   * fails with `ranker-timeout` or `ranker-failed`, a search over its budget
   * with `ranker-timeout`.
   */
  readonly fallbackRanker?: boolean;
  /** Receives the line saying a plug-in ranker that started late ranks from now on (`fallbackRanker`). Default: dropped. */
  readonly info?: (message: string) => void;
  /**
   * Which plug-in rankers' modules are imported (see {@link RankerSelection}):
   * a command imports only those it ranks with, so a module it does not use
   * neither runs nor delays it. The others are registered by name only.
   * Default `{ kind: 'all' }`.
   */
  readonly rankers?: RankerSelection;
  /** Says a plug-in module's import while it goes on (see `PluginLoadOptions.waiting`). Default: nothing said. */
  readonly waiting?: PluginLoadOptions['waiting'];
  /**
   * A plug-in ranker whose module does not load, or is not a valid
   * definition, is registered with its error (see `brokenRankerDefinition`)
   * instead of failing the whole config (`loadout rankers` lists the others),
   * and a mod file that does not load is left out with a warning. Default
   * false.
   */
  readonly keepBroken?: boolean;
  /**
   * A plug-in ranker whose module does not load, or is not a valid
   * definition, is registered with its error as with `keepBroken` (creating
   * it throws that error), the mods unchanged (`loadout eval --ranker all`,
   * which leaves such a ranker out with a warning). Default false.
   */
  readonly keepBrokenRankers?: boolean;
  /** The plug-ins' start budget and its clock (tests). Default: see `PluginLoadOptions`. */
  readonly pluginStart?: Pick<PluginLoadOptions, 'startMs' | 'timers'>;
}

/** The built-in default ranker (`bm25f`) with its default options, for a plug-in ranker that cannot start. */
function builtinFallback(warn: ((message: string) => void) | undefined, info: ((message: string) => void) | undefined): RankerFallback {
  const builtins = createBuiltinRegistry();
  const name = builtins.defaultRanker;
  return { name, create: () => builtins.createRanker(name, undefined, false), warn: warn ?? (() => {}), info: info ?? (() => {}) };
}

/**
 * Loads the configuration from `explicitPath`, or else the first of
 * {@link CONFIG_FILE_NAMES} in `cwd` (only there: a configuration that runs
 * code is never picked up from another folder). With none, the built-ins
 * and no mods. Warnings (unknown keys of a Claude-style `.mcp.json`) go
 * to `warn`. Relative paths (`catalog`, `rankers`, `plugins`) resolve
 * against the file's folder; the plug-in modules are imported and checked
 * (of the rankers, only those `options.rankers` selects), and the registry
 * holds the built-in rankers plus the file's. A folder's
 * config that would run code must be trusted first, with the modules it
 * names unchanged (`config-untrusted`, see `assertTrusted` and
 * `assertModulesTrusted`); one named by `explicitPath` is loaded as asked.
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
  checkFileFlag(explicitPath, 'config');
  const path =
    explicitPath === undefined
      ? CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate))
      : resolve(cwd, explicitPath);
  if (path === undefined) return { path: undefined, registry: createBuiltinRegistry() };
  const isJson = path.endsWith('.json');
  const json = isJson ? await readConfigJson(path, cwd) : undefined;
  // The gate comes before any import: an untrusted folder's code never runs.
  const trusted = explicitPath === undefined ? await assertTrusted(path, json, options.env ?? process.env, options.startsServers) : undefined;
  const file: LoadoutConfigFile = validateConfig(isJson ? json : await importConfigModule(path, cwd), path, warn);
  // The modules it names have the content `loadout trust` pinned, before any of them is imported.
  // With the local files each imports: its worker loads those, as pinned, and no other local file.
  const trustedImports = trusted === undefined ? undefined : assertModulesTrusted(path, trusted, file);
  const folder = dirname(path);
  const plugins: PluginLoadOptions = {
    ...options.pluginStart,
    ...(options.fallbackRanker === true ? { fallback: builtinFallback(warn, options.info) } : {}),
    ...(file.ranker === undefined || file.rankerOptions === undefined ? {} : { optionNames: { [file.ranker]: Object.keys(file.rankerOptions) } }),
    ...(options.rankers === undefined ? {} : { imports: (name: string) => selects(options.rankers!, name, file.ranker) }),
    ...(options.waiting === undefined ? {} : { waiting: options.waiting }),
    ...(trustedImports === undefined ? {} : { trustedImports }),
    ...(warn === undefined ? {} : { warn }),
    // Listing rankers, a broken mod file is said and left out: mods are not what is listed.
    ...(options.keepBroken === true ? { skipBroken: (error: LoadoutError) => warn?.(`${error.message}; its mods are left out [${error.code}]`) } : {}),
  };
  // Before any module is imported: "two rankers are named bm25f" read as if the module defined bm25f.
  const builtin = new Set(createBuiltinRegistry().rankers.map((definition) => definition.name));
  const taken = Object.keys(file.rankers ?? {}).find((name) => builtin.has(name));
  if (taken !== undefined) throw configError('plugin-duplicate', path, `rankers.${taken}`, `${JSON.stringify(taken)} is a built-in ranker's name: give yours a name of its own (its key here, and its definition's name)`);
  const load = options.keepBroken === true || options.keepBrokenRankers === true ? loadRankersKeepingBroken : loadRankers;
  const rankers = file.rankers === undefined ? [] : await load(file.rankers, folder, path, plugins);
  const mods = file.plugins === undefined ? [] : await loadPluginMods(file.plugins, folder, path, plugins);
  checkModNames(file.mods, mods, path);
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
