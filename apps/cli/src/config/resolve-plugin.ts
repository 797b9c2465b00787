import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { configError } from './config-error.js';
import { isPathSpecifier } from './named-modules.js';

/**
 * The absolute file of a plug-in named in a configuration: a path
 * (`./x.mjs`, `../y.js`, absolute) resolves against the configuration's
 * folder; anything else is a package resolved from that folder's
 * `node_modules`. Throws `plugin-not-found` naming the file, key and value.
 */
export function resolvePlugin(specifier: string, folder: string, path: string, key: string): string {
  if (isPathSpecifier(specifier)) {
    const file = resolve(folder, specifier);
    if (!existsSync(file)) throw configError('plugin-not-found', path, key, `no such file ${file}`, specifier);
    return file;
  }
  try {
    return createRequire(join(folder, 'loadout.config.json')).resolve(specifier);
  } catch {
    throw configError('plugin-not-found', path, key, `cannot find the package from ${folder} (is it installed there?)`, specifier);
  }
}
