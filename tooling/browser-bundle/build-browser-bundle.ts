/**
 * Builds the browser bundle of the package in the working directory: its
 * `src/index.ts` (with the subpaths named on the command line,
 * `src/<name>/index.ts`, re-exported beside it) as one minified ES module in
 * `dist/browser/index.js`, every dependency inlined except sibling
 * `@loadout/*` packages and their subpaths, plus
 * `dist/browser/modules.json`, the modules the build resolved. Fails when
 * {@link checkBrowserBundle} finds a Node built-in. Run by the package's
 * `build` script: `tsx ../../tooling/browser-bundle/build-browser-bundle.ts [subpath …]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Plugin } from 'vite';
import { ALLOWED_EXTERNAL, BUNDLE_DIRECTORY, BUNDLE_ENTRY, MODULES_MANIFEST, bundleFiles } from './bundle-files.js';
import type { BundledModule, ModulesManifest, NodeBuiltinImport } from './bundle-files.js';
import { checkBrowserBundle } from './check-browser-bundle.js';
import { formatSize, gzipSize } from './gzip-size.js';
import { nodeBuiltinOf } from './node-builtins.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const packageDirectory = process.cwd();
/** Subpaths bundled with the main entry (core's `utils`, which `@loadout/bm25` imports): one chunk, counted once. */
const subpaths = process.argv.slice(2);
const ENTRY = 'virtual:loadout-browser-entry';
const ENTRY_ID = `\0${ENTRY}.ts`;

/** The bundle's entry: `src/index.ts` and every subpath's `src/<name>/index.ts`, re-exported. */
function browserEntry(): Plugin {
  const sources = ['src/index.ts', ...subpaths.map((name) => `src/${name}/index.ts`)].map((file) => join(packageDirectory, file));
  return {
    name: 'loadout:browser-entry',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith(ENTRY) ? ENTRY_ID : null),
    load: (id) => (id === ENTRY_ID ? sources.map((file) => `export * from ${JSON.stringify(file)};`).join('\n') : null),
  };
}
const packageName = (JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8')) as { name: string }).name;

/** A resolved module id as the manifest shows it: files relative to the repository root, virtual modules as they are. */
function showId(id: string): string {
  const path = id.replace(/\?.*$/, '');
  return existsSync(path) ? relative(repositoryRoot, path).split('\\').join('/') : id.replace(/^\0/, '');
}

function modulesManifest(): Plugin {
  const nodeBuiltinImports: NodeBuiltinImport[] = [];
  return {
    name: 'loadout:modules-manifest',
    enforce: 'pre',
    resolveId(source, importer) {
      if (nodeBuiltinOf(source) !== undefined) {
        nodeBuiltinImports.push({ specifier: source, importer: importer === undefined ? '(entry)' : showId(importer) });
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, BundledModule[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[`${BUNDLE_DIRECTORY}/${output.fileName}`] = output.moduleIds.map((id) => ({
          id: showId(id),
          importers: (this.getModuleInfo(id)?.importers ?? []).map(showId),
          renderedLength: output.modules[id]?.renderedLength ?? 0,
        }));
      }
      const manifest: ModulesManifest = { package: packageName, chunks, nodeBuiltinImports };
      this.emitFile({ type: 'asset', fileName: 'modules.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

await build({
  configFile: false,
  root: packageDirectory,
  logLevel: 'warn',
  publicDir: false,
  plugins: [browserEntry(), modulesManifest()],
  build: {
    lib: { entry: subpaths.length === 0 ? 'src/index.ts' : ENTRY, formats: ['es'], fileName: () => 'index.js' },
    outDir: BUNDLE_DIRECTORY,
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      external: (id) => ALLOWED_EXTERNAL.test(id),
      // Vite keeps whitespace in ES library builds; squeeze it too, keeping licence and `@__PURE__` comments.
      output: { minify: true, comments: { legal: true, annotation: true } },
    },
  },
});

const problems = checkBrowserBundle(packageDirectory);
if (problems.length > 0) {
  process.stderr.write(`${packageName}: the browser bundle depends on Node:\n${problems.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}

const sizes = bundleFiles(packageDirectory).map((file) => {
  const content = readFileSync(join(packageDirectory, file));
  return { raw: content.byteLength, gzip: gzipSize(content) };
});
const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
const modules = (JSON.parse(readFileSync(join(packageDirectory, MODULES_MANIFEST), 'utf8')) as ModulesManifest).chunks;
const moduleCount = Object.values(modules).reduce((sum, list) => sum + list.length, 0);
process.stdout.write(`${packageName}: ${BUNDLE_ENTRY} ${formatSize(raw)}, ${formatSize(gzip)} gzipped, ${moduleCount} modules, no Node built-ins\n`);
