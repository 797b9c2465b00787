import { createLoadoutError, isLoadoutError, validateMod } from '@loadout/core';
import type { Mod, RankerDefinition } from '@loadout/core';
import { validateRankerDefinition } from '@loadout/core/plugins';
import { configError } from './config-error.js';
import { importDefault } from './import-config-module.js';
import { resolvePlugin } from './resolve-plugin.js';
import { sandboxedDefinition } from '../sandbox/sandboxed-definition.js';
import { createModSandbox } from '../sandbox/sandboxed-mods.js';
import { pinModule, type ModulePin } from '../sandbox/module-pin.js';

/** Imports the plug-in `specifier` names, pinned as read just before (each worker later checks the pin; see `assertPinned`). */
async function importPlugin(specifier: string, folder: string, path: string, key: string): Promise<{ file: string; pin: ModulePin; value: unknown }> {
  const file = resolvePlugin(specifier, folder, path, key);
  const pin = pinModule(file);
  try {
    return { file, pin, value: await importDefault(file) };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw configError('plugin-load-failed', path, key, `${file} threw while loading: ${reason}`, specifier);
  }
}

function rethrowIn(error: unknown, path: string, key: string, file: string): never {
  if (isLoadoutError(error)) throw createLoadoutError(error.code, `${path}: ${key} (${file}): ${error.message}`, { path, key, file });
  throw error;
}

/**
 * The rankers a configuration's `rankers` names, checked: each default
 * export a definition named as its key. Each ranker they create runs in a
 * worker thread (see `sandboxedDefinition`).
 */
export async function loadRankers(rankers: Readonly<Record<string, string>>, folder: string, path: string): Promise<RankerDefinition[]> {
  const definitions: RankerDefinition[] = [];
  for (const [name, specifier] of Object.entries(rankers)) {
    const key = `rankers.${name}`;
    const { file, pin, value } = await importPlugin(specifier, folder, path, key);
    try {
      validateRankerDefinition(value, 'its default export');
    } catch (error) {
      rethrowIn(error, path, key, file);
    }
    if (value.name !== name) throw configError('ranker-invalid', path, key, `${file} defines the ranker ${JSON.stringify(value.name)}, not ${JSON.stringify(name)}`);
    // Its ranker runs in a worker thread with time and memory budgets: a loop, a hang or a leak fails only that call.
    definitions.push(sandboxedDefinition(value, pin));
  }
  return definitions;
}

/**
 * The mods of a configuration's `plugins`: each default export a Mod or an
 * array of Mods; names unique across files. Their hooks run in a worker
 * thread per file (see `createModSandbox`).
 */
export async function loadPluginMods(plugins: readonly string[], folder: string, path: string): Promise<Mod[]> {
  const mods: Mod[] = [];
  const from = new Map<string, string>();
  for (let index = 0; index < plugins.length; index++) {
    const key = `plugins[${index}]`;
    const { file, pin, value } = await importPlugin(plugins[index] as string, folder, path, key);
    const list: unknown[] = Array.isArray(value) ? value : [value];
    // Its hooks run in a worker thread with time and memory budgets: a loop or a leak turns this file's mods off, nothing more.
    const sandbox = createModSandbox(pin);
    for (const mod of list) {
      try {
        validateMod(mod);
      } catch (error) {
        rethrowIn(error, path, key, file);
      }
      const earlier = from.get(mod.name);
      if (earlier !== undefined) {
        throw configError('plugin-duplicate', path, key, `${file} and ${earlier} both define a mod named ${JSON.stringify(mod.name)}`);
      }
      from.set(mod.name, file);
      mods.push({ name: mod.name, hooks: mod.hooks['tool.describe'] === undefined ? {} : { 'tool.describe': sandbox.hook(mod.name) } });
    }
  }
  return mods;
}
