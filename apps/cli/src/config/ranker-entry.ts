import { createLoadoutError } from '@loadout/core';
import { didYouMean, PLUGIN_NAME_PATTERN } from '@loadout/core/plugins';
import { isRecord } from '@loadout/core/utils';
import { configError } from './config-error.js';
import { RANKER_ENTRY_KEYS, type RankerModuleEntry } from './loadout-config.js';
import { RANKER_START_RANGE } from '../sandbox/plug-in-limits.js';

const known: ReadonlySet<string> = new Set(RANKER_ENTRY_KEYS);

/** A `rankers` entry's module specifier, written either way (`"./x.mjs"` or `{ module: "./x.mjs" }`); undefined when it is neither. */
export function rankerSpecifier(entry: unknown): string | undefined {
  const specifier = isRecord(entry) ? entry['module'] : entry;
  return typeof specifier === 'string' && specifier !== '' ? specifier : undefined;
}

/** A checked `rankers` entry as an object: the string form is `{ module }`. */
export function rankerEntry(entry: string | RankerModuleEntry): RankerModuleEntry {
  return typeof entry === 'string' ? { module: entry } : entry;
}

/**
 * Checks the config value `rankers` of the file at `path`: an object of
 * name (`PLUGIN_NAME_PATTERN`) → module path or package name, or name → {@link RankerModuleEntry}.
 * A wrong value is `config-invalid` naming the key (`rankers.NAME.startTimeoutMs`)
 * and the value; an unknown key in an entry is `config-unknown-key` with the
 * nearest known one, or, when not `strict` (another tool's MCP file), passed
 * to `warn` and ignored (dropped from the returned value).
 */
export function checkRankers(value: unknown, path: string, strict: boolean, warn: (message: string) => void): Record<string, string | RankerModuleEntry> {
  const expected = 'an object of name → module path or package name, or name → { "module", "startTimeoutMs" }';
  if (!isRecord(value)) throw configError('config-invalid', path, 'rankers', `must be ${expected}`, value);
  const checked: Record<string, string | RankerModuleEntry> = {};
  for (const [name, entry] of Object.entries(value)) {
    // Said here, in words: the registry said "not a ranker definition: name must match /^[a-z0-9]…/".
    if (!PLUGIN_NAME_PATTERN.test(name)) {
      const like = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '').slice(0, 64);
      const example = PLUGIN_NAME_PATTERN.test(like) ? `, such as ${JSON.stringify(like)}` : '';
      throw configError('config-invalid', path, 'rankers', `${JSON.stringify(name)} cannot name a ranker: use lower-case letters, digits, ".", "_" and "-", up to 64, the first a letter or digit${example} (here and as its definition's name)`);
    }
    const key = `rankers.${name}`;
    if (typeof entry === 'string' && entry !== '') {
      checked[name] = entry;
      continue;
    }
    if (!isRecord(entry)) throw configError('config-invalid', path, key, 'must be a module path or package name, or { "module", "startTimeoutMs" }', entry);
    const kept: Record<string, unknown> = {};
    for (const [inner, item] of Object.entries(entry)) {
      if (known.has(inner)) {
        kept[inner] = item;
        continue;
      }
      const message = `${path}: unknown key ${JSON.stringify(inner)} in ${key}${didYouMean(inner, RANKER_ENTRY_KEYS)} (known: ${RANKER_ENTRY_KEYS.join(', ')})`;
      if (strict) throw createLoadoutError('config-unknown-key', message, { path, key: `${key}.${inner}` });
      warn(`${message}; ignored, as in an MCP file of another tool [config-unknown-key]`);
    }
    if (rankerSpecifier(kept) === undefined) throw configError('config-invalid', path, `${key}.module`, 'must be a module path or package name', kept['module']);
    const startTimeoutMs = kept['startTimeoutMs'];
    const { min, max } = RANKER_START_RANGE;
    if (startTimeoutMs !== undefined && !(Number.isInteger(startTimeoutMs) && (startTimeoutMs as number) >= min && (startTimeoutMs as number) <= max)) {
      throw configError('config-invalid', path, `${key}.startTimeoutMs`, `must be an integer from ${min} to ${max} (ms)`, startTimeoutMs);
    }
    checked[name] = kept as unknown as RankerModuleEntry;
  }
  return checked;
}
