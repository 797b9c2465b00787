import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord } from '@loadout/core/utils';

/** The CLI's package.json: its `dependencies` are the adapter list. */
export const CLI_MANIFEST = fileURLToPath(new URL('../../package.json', import.meta.url));

/** The entry an adapter package exports its `ToolSearchAdapterDefinition`s from. */
export const ADAPTER_ENTRY = './adapter';

function readManifest(path: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return isRecord(value) ? value : {};
}

/** The package.json of dependency `name` as Node finds it from `folder`: in `node_modules/<name>` of that folder or the nearest parent that has it. */
function dependencyManifest(folder: string, name: string): string | undefined {
  for (let current = folder; ; current = dirname(current)) {
    const candidate = join(current, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * The adapter packages among the `dependencies` of the package.json at
 * `manifestPath` (the CLI's by default), in its order: each installed
 * dependency whose package.json exports {@link ADAPTER_ENTRY}. Giving the
 * CLI an adapter is adding its package to those dependencies.
 */
export function adapterPackages(manifestPath: string = CLI_MANIFEST): string[] {
  const dependencies = readManifest(manifestPath)['dependencies'];
  const folder = dirname(manifestPath);
  return Object.keys(isRecord(dependencies) ? dependencies : {}).filter((name) => {
    const path = dependencyManifest(folder, name);
    const exports = path === undefined ? undefined : readManifest(path)['exports'];
    return isRecord(exports) && exports[ADAPTER_ENTRY] !== undefined;
  });
}
