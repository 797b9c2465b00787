import { resolve, sep } from 'node:path';
import { createLoadoutError, isLoadoutError, type LoadoutError } from '@loadout/core';

/** Whether `path` lies in a `node_modules` folder: a package's file, which the lockfile pins, not `loadout trust`. */
export function isPackageFile(path: string): boolean {
  return path.split(/[\\/]/).includes('node_modules');
}

/** The first message of an esbuild failure, with where it is (`FILE:LINE:COL`), never the source text. */
function firstError(error: unknown, root: string): string {
  const first = (error as { errors?: { text?: string; location?: { file?: string; line?: number; column?: number } | null }[] }).errors?.[0];
  if (first === undefined) return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  const at = first.location;
  return at?.file === undefined ? String(first.text) : `${resolve(root, at.file)}:${at.line}:${at.column}: ${first.text}`;
}

/**
 * The local files each plug-in module in `modules` (absolute paths) imports,
 * directly or through another, found without running them: esbuild bundles
 * them into memory (`packages: 'external'`, node's built-ins external too)
 * and its metafile lists every input. Static `import`, `export … from`,
 * `require("…")` and `import("…")` with a literal (or a template whose
 * files esbuild can list) are followed; files in `node_modules` are left out
 * (the lockfile pins packages). Returns, per module, the real paths of its
 * imports, itself excluded. A module that does not parse, or that imports a
 * local file that does not exist, is `plugin-load-failed` naming where; with
 * `unlisted`, it is given that error and has no imports (it cannot load as
 * it is, and what it loads once it can is refused unless pinned), and the
 * other modules are listed each on its own.
 */
export async function localImports(
  modules: readonly string[],
  unlisted?: (module: string, error: LoadoutError) => void,
): Promise<ReadonlyMap<string, readonly string[]>> {
  try {
    return await listImports(modules);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    if (unlisted === undefined) throw createLoadoutError(error.code, `${error.message}; fix it, then run loadout trust again (nothing was recorded)`);
  }
  const found = new Map<string, readonly string[]>();
  for (const module of modules) {
    try {
      for (const [path, files] of await listImports([module])) found.set(path, files);
    } catch (error) {
      if (!isLoadoutError(error)) throw error;
      unlisted(module, error);
      found.set(module, []);
    }
  }
  return found;
}

/** {@link localImports} of `modules` in one build: any failure fails them all. */
async function listImports(modules: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>> {
  const found = new Map<string, readonly string[]>();
  if (modules.length === 0) return found;
  const { build } = await import('esbuild');
  const root = sep;
  let metafile;
  try {
    ({ metafile } = await build({
      // One output per module, whatever their names.
      entryPoints: modules.map((module, index) => ({ in: module, out: String(index) })),
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      packages: 'external',
      format: 'esm',
      outdir: resolve(root, 'loadout-trust-scan'),
      logLevel: 'silent',
      // Data a module imports (JSON, text) is read as it is: only where it is counts.
      loader: { '.json': 'json', '.txt': 'text' },
    }));
  } catch (error) {
    throw createLoadoutError('plugin-load-failed', `cannot list the local files the plug-in modules import: ${firstError(error, root)}`);
  }
  // The graph of inputs, not each output's inputs: a file tree-shaken out (types only, unused) is still imported.
  const inputs = metafile.inputs;
  for (const output of Object.values(metafile.outputs)) {
    if (output.entryPoint === undefined) continue;
    const seen = new Set<string>([output.entryPoint]);
    const queue = [output.entryPoint];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const imported of inputs[next]?.imports ?? []) {
        if (imported.external !== true && !seen.has(imported.path) && inputs[imported.path] !== undefined) {
          seen.add(imported.path);
          queue.push(imported.path);
        }
      }
    }
    seen.delete(output.entryPoint);
    const files = [...seen].filter((input) => !input.includes(':')).map((input) => resolve(root, input));
    found.set(resolve(root, output.entryPoint), files.filter((file) => !isPackageFile(file)).sort());
  }
  return found;
}
