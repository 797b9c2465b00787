import { isAbsolute, resolve } from 'node:path';
import { rankerSpecifier } from './ranker-entry.js';

/** Whether a plug-in specifier is a path (`./x.mjs`, `../y.js`, absolute) rather than a package name. */
export function isPathSpecifier(specifier: string): boolean {
  return specifier.startsWith('.') || isAbsolute(specifier);
}

/** A module a config names by path, which `loadout trust` pins. */
export interface NamedModule {
  /** Where the config names it: `rankers.NAME` or `plugins[INDEX]`. */
  readonly key: string;
  /** The value as written. */
  readonly specifier: string;
  /** The absolute path it resolves to, against the config's folder (it may not exist). */
  readonly file: string;
}

/** What a config loads by name, split into the files {@link NamedModule} pins and the packages it does not. */
export interface NamedModules {
  readonly files: readonly NamedModule[];
  /** Packages resolved from `node_modules` (`rankers.x: some-package`): not pinned. */
  readonly packages: readonly { readonly key: string; readonly specifier: string }[];
}

/**
 * The modules the config value `file` names in `rankers` and `plugins`,
 * paths resolved against `folder`. Lenient: a value of the wrong type is
 * skipped (the config's own check reports it when it loads).
 */
export function namedModules(file: unknown, folder: string): NamedModules {
  const entries: [string, unknown][] = [];
  if (typeof file === 'object' && file !== null) {
    const { rankers, plugins } = file as { rankers?: unknown; plugins?: unknown };
    if (typeof rankers === 'object' && rankers !== null && !Array.isArray(rankers)) {
      // Either form of an entry: "./x.mjs" or { "module": "./x.mjs", "startTimeoutMs": … }.
      for (const [name, entry] of Object.entries(rankers)) entries.push([`rankers.${name}`, rankerSpecifier(entry)]);
    }
    if (Array.isArray(plugins)) plugins.forEach((specifier, index) => entries.push([`plugins[${index}]`, specifier]));
  }
  const files: NamedModule[] = [];
  const packages: { key: string; specifier: string }[] = [];
  for (const [key, specifier] of entries) {
    if (typeof specifier !== 'string' || specifier === '') continue;
    if (isPathSpecifier(specifier)) files.push({ key, specifier, file: resolve(folder, specifier) });
    else packages.push({ key, specifier });
  }
  return { files, packages };
}
