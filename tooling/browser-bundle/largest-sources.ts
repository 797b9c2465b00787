import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULES_MANIFEST } from './bundle-files.js';
import type { ModulesManifest } from './bundle-files.js';

/** A source of bundled code: an npm package, or a folder of a workspace package. */
export interface BundleSource {
  readonly source: string;
  /** Share of the bundles' code before minification, 0–1. */
  readonly share: number;
}

function sourceOf(id: string): string {
  const inDependency = id.lastIndexOf('node_modules/');
  if (inDependency >= 0) {
    const [scopeOrName = id, name] = id.slice(inDependency + 'node_modules/'.length).split('/');
    return scopeOrName.startsWith('@') && name !== undefined ? `${scopeOrName}/${name}` : scopeOrName;
  }
  return id.split('/').slice(0, 4).join('/');
}

/** The `limit` largest sources of code in the bundles of `packageDirectories`, from their modules manifests. */
export function largestSources(packageDirectories: readonly string[], limit: number): BundleSource[] {
  const lengths = new Map<string, number>();
  for (const directory of packageDirectories) {
    const manifest = JSON.parse(readFileSync(join(directory, MODULES_MANIFEST), 'utf8')) as ModulesManifest;
    for (const module of Object.values(manifest.chunks).flat()) {
      const source = sourceOf(module.id);
      lengths.set(source, (lengths.get(source) ?? 0) + module.renderedLength);
    }
  }
  const total = [...lengths.values()].reduce((sum, length) => sum + length, 0);
  return [...lengths]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([source, length]) => ({ source, share: total === 0 ? 0 : length / total }));
}
