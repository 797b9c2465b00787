import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const packagesRoot = fileURLToPath(new URL('../../../packages/', import.meta.url));

/**
 * The browser-safe files of `@loadout/embeddings`, re-exported as
 * `@loadout/embeddings/browser` while that package has no such entry
 * (`src/browser.ts`); the same list as `packages/browser/vitest.browser.config.ts`.
 */
const EMBEDDINGS_BROWSER_FILES = [
  'static/static-embedder.ts',
  'static/table-codec.ts',
  'static/compact-word-vectors.ts',
  'vector/exact-index.ts',
  'ranker/embedding-ranker.ts',
  'ranker/hybrid-ranker.ts',
  'cache/embedding-cache.ts',
];
const VIRTUAL_EMBEDDINGS = '\0loadout-embeddings-browser.ts';

/** The source file a `@loadout/…` specifier stands for, or undefined to let Vite resolve it through the package. */
export function workspaceSourceOf(specifier: string): string | undefined {
  if (specifier === '@loadout/browser/worker') return `${packagesRoot}browser/src/worker-entry.ts`;
  const match = /^@loadout\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/.exec(specifier);
  if (match === null) return undefined;
  const [, name, subpath] = match;
  const file = subpath === undefined ? `${packagesRoot}${name}/src/index.ts` : `${packagesRoot}${name}/src/${subpath}/index.ts`;
  if (existsSync(file)) return file;
  if (subpath !== undefined) {
    const flat = `${packagesRoot}${name}/src/${subpath}.ts`;
    if (existsSync(flat)) return flat;
  }
  return undefined;
}

/**
 * Resolves workspace packages (`@loadout/core`, `@loadout/browser/worker`, …)
 * to their TypeScript sources, as the root vitest config does, so the page
 * always runs the code in the tree.
 */
export function workspaceSources(): Plugin {
  return {
    name: 'loadout-workspace-sources',
    enforce: 'pre',
    resolveId(source) {
      if (!source.startsWith('@loadout/')) return null;
      const file = workspaceSourceOf(source);
      if (file !== undefined) return file;
      if (source === '@loadout/embeddings/browser') return VIRTUAL_EMBEDDINGS;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL_EMBEDDINGS) return null;
      return EMBEDDINGS_BROWSER_FILES.map((file) => `export * from ${JSON.stringify(`${packagesRoot}embeddings/src/${file}`)};`).join('\n');
    },
  };
}
