import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where a package's browser bundle goes, relative to the package. */
export const BUNDLE_DIRECTORY = 'dist/browser';

/** The bundle's entry chunk, relative to the package. */
export const BUNDLE_ENTRY = `${BUNDLE_DIRECTORY}/index.js`;

/** The list of modules the build resolved into the bundle, relative to the package. */
export const MODULES_MANIFEST = `${BUNDLE_DIRECTORY}/modules.json`;

/** Specifiers a bundle may leave to the page's bundler or import map: sibling workspace packages and their subpaths (`@loadout/core/utils`), each counted in its own package's bundle. */
export const ALLOWED_EXTERNAL = /^@loadout\/[a-z0-9-]+(?:\/[a-z0-9-]+)?$/;

/** One module the build put into a bundle, with the modules that imported it (ids relative to the repository root). */
export interface BundledModule {
  readonly id: string;
  readonly importers: readonly string[];
  /** Its length in the bundle, before minification: a guide to what makes the bundle big. */
  readonly renderedLength: number;
}

/** An import of a Node built-in that the build met while resolving modules. */
export interface NodeBuiltinImport {
  readonly specifier: string;
  readonly importer: string;
}

/** Contents of {@link MODULES_MANIFEST}. */
export interface ModulesManifest {
  readonly package: string;
  /** Modules in each output chunk. */
  readonly chunks: Readonly<Record<string, readonly BundledModule[]>>;
  /** Node built-ins the build was asked to resolve; Vite swaps them for empty shims, so they must be caught here. */
  readonly nodeBuiltinImports: readonly NodeBuiltinImport[];
}

/** The bundle's JavaScript files (entry and any split chunks), relative to the package; empty when not built. */
export function bundleFiles(packageDirectory: string): string[] {
  const directory = join(packageDirectory, BUNDLE_DIRECTORY);
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => `${BUNDLE_DIRECTORY}/${file.split('\\').join('/')}`)
    .sort();
}
