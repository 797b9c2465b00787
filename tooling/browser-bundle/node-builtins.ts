import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0] ?? name]));

/**
 * Globals that exist in Node and not in a browser. A free reference to one
 * in a browser bundle is a Node dependency even without an import.
 */
export const NODE_GLOBALS: ReadonlySet<string> = new Set([
  'process',
  'Buffer',
  'global',
  '__dirname',
  '__filename',
  'require',
  'setImmediate',
  'clearImmediate',
]);

/** The Node built-in module a specifier or resolved module id names (`node:fs`, `fs/promises`, Vite's browser-external shim of one), or undefined. */
export function nodeBuiltinOf(specifier: string): string | undefined {
  const bare = specifier.replace(/^\0?__vite-browser-external:?/, '');
  if (bare !== specifier) return bare === '' ? specifier : bare;
  if (specifier.startsWith('node:')) return specifier;
  const name = specifier.split('/')[0] ?? specifier;
  return BUILTINS.has(name) ? specifier : undefined;
}
