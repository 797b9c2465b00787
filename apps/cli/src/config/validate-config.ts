import { createLoadoutError, isLoadoutError, modFromRules } from '@loadout/core';
import { didYouMean } from '@loadout/core/plugins';
import { configError } from './config-error.js';
import { CONFIG_KEYS } from './loadout-config.js';
import type { LoadoutConfigFile } from './loadout-config.js';

const known: ReadonlySet<string> = new Set(CONFIG_KEYS);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a configuration object's keys and value types. Throws
 * `config-unknown-key` (with the nearest known key) or `config-invalid`
 * naming the file, the key and the value.
 */
export function validateConfig(value: unknown, path: string): LoadoutConfigFile {
  if (!isPlainObject(value)) throw configError('config-invalid', path, '(top level)', 'the configuration must be an object', value);
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      throw createLoadoutError('config-unknown-key', `${path}: unknown key ${JSON.stringify(key)}${didYouMean(key, CONFIG_KEYS)} (known: ${CONFIG_KEYS.join(', ')})`, { path, key });
    }
  }
  const check = (key: string, ok: (item: unknown) => boolean, expected: string): void => {
    if (value[key] !== undefined && !ok(value[key])) throw configError('config-invalid', path, key, `must be ${expected}`, value[key]);
  };
  check('ranker', (item) => typeof item === 'string' && item.length > 0, 'a ranker name');
  check('rankerOptions', isPlainObject, 'an object');
  check('rankers', (item) => isPlainObject(item) && Object.values(item).every((entry) => typeof entry === 'string' && entry.length > 0), 'an object of name → module path or package name');
  check('plugins', (item) => Array.isArray(item) && item.every((entry) => typeof entry === 'string' && entry.length > 0), 'an array of module paths or package names');
  check('mods', Array.isArray, 'an array of declarative mods');
  check('catalog', (item) => typeof item === 'string' && item.length > 0, 'a file path');
  check('limit', (item) => Number.isInteger(item) && (item as number) >= 1 && (item as number) <= 100, 'an integer from 1 to 100');
  check('mcpServers', isPlainObject, 'an object of server name → {command, args, env} | {type: "http", url}');
  const mods = (value['mods'] ?? []) as unknown[];
  const names = new Set<string>();
  mods.forEach((mod, index) => {
    try {
      const checked = modFromRules(mod as never);
      if (names.has(checked.name)) throw configError('plugin-duplicate', path, `mods[${index}]`, `two mods are named ${JSON.stringify(checked.name)}`);
      names.add(checked.name);
    } catch (error) {
      if (isLoadoutError(error) && error.code === 'plugin-duplicate') throw error;
      throw configError('config-invalid', path, `mods[${index}]`, isLoadoutError(error) ? error.message : 'not a declarative mod');
    }
  });
  return value as LoadoutConfigFile;
}
