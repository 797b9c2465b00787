import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOWED_EXTERNAL, BUNDLE_ENTRY, MODULES_MANIFEST, bundleFiles } from './bundle-files.js';
import type { ModulesManifest } from './bundle-files.js';
import { findGlobalReferences } from './find-global-references.js';
import { findImports } from './find-imports.js';
import { NODE_GLOBALS, nodeBuiltinOf } from './node-builtins.js';

const SNIPPET_RADIUS = 40;

function snippet(code: string, start: number): string {
  return code.slice(Math.max(0, start - SNIPPET_RADIUS), start + SNIPPET_RADIUS).replace(/\s+/g, ' ');
}

/**
 * Problems that keep a package's browser bundle (`dist/browser`) from running
 * in a browser, one readable line each; empty when there are none:
 * - an import in the bundle of a Node built-in, or of anything but a sibling
 *   `@loadout/*` package;
 * - an import of a Node built-in that the build resolved, or a Node built-in
 *   (such as Vite's empty browser shim of one) among the bundled modules,
 *   both from `dist/browser/modules.json`;
 * - a reference to a Node-only global (`process`, `Buffer`, `require`, …).
 */
export function checkBrowserBundle(packageDirectory: string): string[] {
  const files = bundleFiles(packageDirectory);
  if (!files.includes(BUNDLE_ENTRY)) return [`${BUNDLE_ENTRY} is missing: build the package first`];
  const manifestPath = join(packageDirectory, MODULES_MANIFEST);
  if (!existsSync(manifestPath)) return [`${MODULES_MANIFEST} is missing: build the package first`];

  const problems: string[] = [];
  for (const file of files) {
    const code = readFileSync(join(packageDirectory, file), 'utf8');
    for (const specifier of findImports(code)) {
      const builtin = nodeBuiltinOf(specifier);
      if (builtin !== undefined) problems.push(`${file} imports the Node built-in '${builtin}'`);
      else if (!ALLOWED_EXTERNAL.test(specifier) && !specifier.startsWith('./')) {
        problems.push(`${file} imports '${specifier}', which is neither bundled nor a @loadout package`);
      }
    }
    for (const reference of findGlobalReferences(code, NODE_GLOBALS)) {
      problems.push(`${file} uses the Node global '${reference.name}' at offset ${reference.start}: …${snippet(code, reference.start)}…`);
    }
  }

  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Partial<ModulesManifest>;
  if (!Array.isArray(manifest.nodeBuiltinImports) || typeof manifest.chunks !== 'object' || manifest.chunks === null) {
    return [...problems, `${MODULES_MANIFEST} is from another version of the build: rebuild the package`];
  }
  for (const { specifier, importer } of manifest.nodeBuiltinImports) {
    problems.push(`${importer} imports the Node built-in '${specifier}'`);
  }
  for (const [chunk, modules] of Object.entries(manifest.chunks)) {
    for (const module of modules) {
      const builtin = nodeBuiltinOf(module.id);
      if (builtin === undefined) continue;
      const importers = module.importers.length === 0 ? 'the entry' : module.importers.join(', ');
      problems.push(`${chunk} contains the Node built-in '${builtin}', imported by ${importers}`);
    }
  }
  return problems;
}
