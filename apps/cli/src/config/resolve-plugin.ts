import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { configError } from './config-error.js';
import { isPathSpecifier } from './named-modules.js';

/** What to name instead of the folder `specifier` (at `folder`): its package.json's `main`, its index module, else a file in it. */
function entryOf(folder: string, specifier: string): string {
  const inside = (name: string): string => `${specifier.replace(/\/+$/, '')}/${name.replace(/^\.\//, '')}`;
  try {
    const main = (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { main?: unknown }).main;
    if (typeof main === 'string' && main !== '') return `${JSON.stringify(inside(main))} (its package.json "main")`;
  } catch {
    // No package.json, or not JSON: look for an index module.
  }
  const index = ['index.mjs', 'index.js', 'index.ts', 'index.cjs'].find((name) => existsSync(join(folder, name)));
  return index === undefined ? 'a .mjs, .js or .ts file in it' : JSON.stringify(inside(index));
}

/** Throws `file-unreadable` when the plug-in `file` (`specifier` at `key` of the config `path`) is a folder, saying which file in it to name. */
export function refuseFolder(file: string, specifier: string, path: string, key: string): void {
  if (existsSync(file) && statSync(file).isDirectory()) throw configError('file-unreadable', path, key, `${file} is a folder, not a module file: name ${entryOf(file, specifier)}`, specifier);
}

/**
 * The absolute file of a plug-in named in a configuration: a path
 * (`./x.mjs`, `../y.js`, absolute) resolves against the configuration's
 * folder; anything else is a package resolved from that folder's
 * `node_modules`. Throws `plugin-not-found` naming the file, key and value;
 * a path to a folder is `file-unreadable` saying which file in it to name.
 */
export function resolvePlugin(specifier: string, folder: string, path: string, key: string): string {
  if (isPathSpecifier(specifier)) {
    const file = resolve(folder, specifier);
    if (!existsSync(file)) throw configError('plugin-not-found', path, key, `no such file ${file}`, specifier);
    refuseFolder(file, specifier, path, key);
    return file;
  }
  try {
    return createRequire(join(folder, 'loadout.config.json')).resolve(specifier);
  } catch {
    throw configError('plugin-not-found', path, key, `cannot find the package from ${folder} (is it installed there?)`, specifier);
  }
}
