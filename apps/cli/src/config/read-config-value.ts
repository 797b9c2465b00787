import { existsSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { createLoadoutError, isLoadoutError, parseJson } from '@loadout/core';
import { readTextFile } from '@loadout/eval/files';
import { importDefault } from './import-config-module.js';
import { describeLoadFailure, loadFailure } from './load-failure.js';

/** Extensions a config module may have (besides `.json`). */
const MODULE_EXTENSION = /\.(?:[cm]?js|[cm]?ts)$/;

/** A JSON config's parsed value; malformed JSON is `config-invalid` naming the line and column, never the text. */
export async function readConfigJson(path: string, cwd: string): Promise<unknown> {
  const text = await readTextFile(path, { cwd });
  try {
    return parseJson(text, path);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError('config-invalid', error.message, { ...error.details, path });
  }
}

/**
 * A module config's default export: this runs its code. One that does not
 * import is `config-invalid` saying why in one line (a syntax error's
 * `FILE:LINE:COLUMN`, a throw's first line; see `loadFailure`), or
 * `esm-in-commonjs` for a `.js` ES module in a CommonJS folder.
 */
export async function importConfigModule(path: string, cwd: string): Promise<unknown> {
  if (!existsSync(path)) throw createLoadoutError('file-not-found', `no such file: ${path}`, { path });
  // A folder is named as the one text reader names it (file-unreadable), never as a module that failed to import.
  if (statSync(path).isDirectory()) await readTextFile(path, { cwd });
  if (!MODULE_EXTENSION.test(path)) {
    throw createLoadoutError('config-invalid', `${path}: a config is JSON (.json) or a module (.mjs, .js, .ts); got ${JSON.stringify(extname(path) || 'no extension')}`, { path });
  }
  let value: unknown;
  try {
    value = await importDefault(path);
  } catch (error) {
    // The config is what is broken: a config code, never a plug-in's.
    const failure = loadFailure(error, path);
    throw createLoadoutError(failure.kind === 'esm-in-commonjs' ? 'esm-in-commonjs' : 'config-invalid', describeLoadFailure(failure, path), { path });
  }
  // It said "(top level): the configuration must be an object", of a file whose only fault is a missing `default`.
  if (value === undefined) throw createLoadoutError('config-invalid', `${path}: it has no default export: a config module must \`export default\` the config object`, { path });
  return value;
}
