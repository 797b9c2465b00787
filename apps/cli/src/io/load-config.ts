import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLoadoutError, describeValue, parseJson } from '@loadout/core';
import { readTextFile } from './read-text-file.js';

/** The file names `loadout` looks for in the working directory, in order. */
export const CONFIG_FILE_NAMES = ['loadout.config.json', 'loadout.config.mjs', 'loadout.config.js', 'loadout.config.ts'] as const;

/**
 * A deployment's configuration (`loadout.config.json`, or `.js`/`.mjs`/`.ts`
 * exporting the object as default).
 */
export interface LoadoutConfig {
  /** Ranker by registry name (`bm25f`, `wink-bm25`, `regex`, `static-embedding`, `hybrid`). Default `bm25f`. */
  readonly ranker?: string;
  /** Options passed to the ranker factory (e.g. `{ "bm25": { "k1": 1.5 } }`). Default: its tuned defaults. */
  readonly rankerOptions?: Readonly<Record<string, unknown>>;
  /** Catalog file used when a command gets no `--catalog`. Default: the embedded demo catalog. */
  readonly catalog?: string;
  /** Results per search, 1–100. Default 5. */
  readonly limit?: number;
}

const KNOWN_KEYS = new Set(['ranker', 'rankerOptions', 'catalog', 'limit']);

function validate(value: unknown, path: string): LoadoutConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw createLoadoutError('invalid-input', `${path}: the configuration must be an object, got ${describeValue(value)}`, { path });
  }
  const config = value as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (!KNOWN_KEYS.has(key)) {
      throw createLoadoutError('invalid-input', `${path}: unknown key ${JSON.stringify(key)} (known: ${[...KNOWN_KEYS].join(', ')})`, { path, key });
    }
  }
  const check = (key: string, ok: boolean, expected: string) => {
    if (config[key] !== undefined && !ok) {
      throw createLoadoutError('invalid-input', `${path}: ${key} must be ${expected}, got ${describeValue(config[key])}`, { path, key });
    }
  };
  check('ranker', typeof config['ranker'] === 'string', 'a ranker name');
  check('catalog', typeof config['catalog'] === 'string', 'a file path');
  check('rankerOptions', typeof config['rankerOptions'] === 'object' && config['rankerOptions'] !== null, 'an object');
  check('limit', Number.isInteger(config['limit']) && (config['limit'] as number) >= 1 && (config['limit'] as number) <= 100, 'an integer from 1 to 100');
  const catalog = config['catalog'];
  return typeof catalog === 'string' ? { ...config, catalog: resolve(path, '..', catalog) } : config;
}

async function importModule(path: string): Promise<unknown> {
  if (path.endsWith('.ts')) {
    const { tsImport } = (await import('tsx/esm/api')) as { tsImport: (specifier: string, parent: string) => Promise<unknown> };
    return ((await tsImport(pathToFileURL(path).href, import.meta.url)) as { default?: unknown }).default;
  }
  return ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
}

/**
 * Loads the configuration from `explicitPath`, or the first of
 * {@link CONFIG_FILE_NAMES} found in `cwd`; `{}` when there is none. A
 * relative `catalog` is resolved against the configuration file's folder.
 */
export async function loadConfig(explicitPath: string | undefined, cwd: string): Promise<LoadoutConfig> {
  const path =
    explicitPath === undefined
      ? CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate))
      : resolve(cwd, explicitPath);
  if (path === undefined) return {};
  if (path.endsWith('.json')) {
    // parseJson names the line and column where the text broke, never the text.
    return validate(parseJson(await readTextFile(path, cwd), path), path);
  }
  if (!existsSync(path)) throw createLoadoutError('file-not-found', `no such file: ${explicitPath ?? path}`, { path });
  return validate(await importModule(path), path);
}
