import { basename } from 'node:path';
import { createLoadoutError, describeKind, isLoadoutError, modFromRules } from '@loadout/core';
import { didYouMean } from '@loadout/core/plugins';
import { redactUrl } from '@loadout/core/utils';
import { isUrl } from '../io/check-file-flag.js';
import { configError } from './config-error.js';
import { CONFIG_FILE_NAMES, CONFIG_KEYS } from './loadout-config.js';
import type { LoadoutConfigFile } from './loadout-config.js';
import { checkRankers } from './ranker-entry.js';

const known: ReadonlySet<string> = new Set(CONFIG_KEYS);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether unknown keys of the file at `path` are errors: always in a
 * `loadout.config.*`, and in any other file unless it carries `mcpServers`
 * (then it is another tool's MCP file, such as Claude Code's `.mcp.json` or
 * `~/.claude.json`, whose other keys belong to that tool).
 */
export function rejectsUnknownKeys(path: string, config: Readonly<Record<string, unknown>>): boolean {
  return (CONFIG_FILE_NAMES as readonly string[]).includes(basename(path)) || !Object.hasOwn(config, 'mcpServers');
}

/**
 * Checks a configuration object's keys and value types. An unknown key is
 * `config-unknown-key` (with the nearest known key), except in a
 * Claude-style MCP file (see {@link rejectsUnknownKeys}): there it is passed
 * to `warn` with the same message and ignored, so such files keep working.
 * Wrong values are `config-invalid`, naming the file, the key and the value
 * (only the kind of value under `mcpServers`, whose env and headers may
 * hold secrets); a malformed declarative mod is `mod-invalid` (as
 * `modFromRules` says it), two of one name `plugin-duplicate`.
 */
export function validateConfig(input: unknown, path: string, warn: (message: string) => void = () => {}): LoadoutConfigFile {
  if (!isPlainObject(input)) throw configError('config-invalid', path, '(top level)', 'the configuration must be an object', input);
  const strict = rejectsUnknownKeys(path, input);
  const value: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(input)) {
    if (known.has(key)) {
      value[key] = item;
      continue;
    }
    const message = `${path}: unknown key ${JSON.stringify(key)}${didYouMean(key, CONFIG_KEYS)} (known: ${CONFIG_KEYS.join(', ')})`;
    if (strict) throw createLoadoutError('config-unknown-key', message, { path, key });
    warn(`${message}; ignored, as in an MCP file of another tool [config-unknown-key]`);
  }
  const check = (key: string, ok: (item: unknown) => boolean, expected: string): void => {
    if (value[key] !== undefined && !ok(value[key])) throw configError('config-invalid', path, key, `must be ${expected}`, value[key]);
  };
  check('ranker', (item) => typeof item === 'string' && item.length > 0, 'a ranker name');
  check('rankerOptions', isPlainObject, 'an object');
  if (value['rankers'] !== undefined) value['rankers'] = checkRankers(value['rankers'], path, strict, warn);
  if (Array.isArray(value['plugins'])) {
    // The long form of a "rankers" entry has no counterpart here: a mod file takes no options.
    const index = value['plugins'].findIndex((entry) => isPlainObject(entry));
    if (index !== -1) {
      throw configError('config-invalid', path, `plugins[${index}]`, 'must be a module path or package name, not an object: a mod file takes no options (its mods are configured in its code; a ranker\'s options go in "rankerOptions")');
    }
  }
  check('plugins', Array.isArray, 'an array of module paths or package names');
  // The entry at fault, by its index: "an array of 1 item" said nothing of what is wrong with it.
  ((value['plugins'] ?? []) as unknown[]).forEach((entry, index) => {
    if (typeof entry !== 'string' || entry.length === 0) throw configError('config-invalid', path, `plugins[${index}]`, 'must be a module path or package name', entry);
  });
  check('mods', Array.isArray, 'an array of declarative mods');
  check('catalog', (item) => typeof item === 'string' && item.length > 0, 'a file path');
  // A URL would be read as a file that is not there, and "no such file" would show its password: named masked, never read.
  if (typeof value['catalog'] === 'string' && isUrl(value['catalog'])) throw configError('config-invalid', path, 'catalog', `must be a file path, not a URL (got ${redactUrl(value['catalog'])})`);
  check('limit', (item) => Number.isInteger(item) && (item as number) >= 1 && (item as number) <= 100, 'an integer from 1 to 100');
  if (value['mcpServers'] !== undefined && !isPlainObject(value['mcpServers'])) {
    throw configError('config-invalid', path, 'mcpServers', `must be an object of server name → {command, args, env} | {type: "http", url, headers} (got ${describeKind(value['mcpServers'])})`);
  }
  const mods = (value['mods'] ?? []) as unknown[];
  const names = new Set<string>();
  mods.forEach((mod, index) => {
    try {
      const checked = modFromRules(mod as never);
      if (names.has(checked.name)) throw configError('plugin-duplicate', path, `mods[${index}]`, `two mods are named ${JSON.stringify(checked.name)}`);
      names.add(checked.name);
    } catch (error) {
      if (isLoadoutError(error) && error.code === 'plugin-duplicate') throw error;
      // The code the API (modFromRules) and a plug-in's malformed mod give: mod-invalid.
      throw configError('mod-invalid', path, `mods[${index}]`, isLoadoutError(error) ? error.message : 'not a declarative mod');
    }
  });
  return value as LoadoutConfigFile;
}
