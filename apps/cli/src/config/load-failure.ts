import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEsmInCommonJs, isTypeScript } from './import-config-module.js';

/**
 * Why a module did not import, in one line (never a stack trace, never a
 * line of the file, never what Node's message quotes of it: see {@link nodeReason}):
 * - `syntax`: where, `FILE:LINE:COLUMN` (1-based), and what;
 * - `esm-in-commonjs`: a `.js` file (the module or one it imports) written
 *   as an ES module in a folder whose package.json makes it CommonJS
 *   (`packageJson`, or none);
 * - `threw`: its top-level code threw: the error's first line.
 */
export type LoadFailure =
  | { readonly kind: 'syntax'; readonly at: string | undefined; readonly reason: string }
  | { readonly kind: 'esm-in-commonjs'; readonly file: string; readonly packageJson: string | undefined }
  | { readonly kind: 'threw'; readonly reason: string };

/** How long `node --check` may take to say where an ES module's syntax error is, in ms. */
const CHECK_MS = 10_000;

/** esbuild's error line (tsx): `FILE:LINE:COLUMN: ERROR: TEXT`, the column 0-based. */
const ESBUILD_ERROR = /^(.+):(\d+):(\d+): ERROR: (.*)$/;

/**
 * What Node's message says, never what it quotes of the source: its first
 * line only (later lines hold hints that quote the offending line), without
 * a regular expression's text (`Invalid regular expression: /…/: `) or a
 * JSON snippet (`, "…" is not valid JSON`).
 */
export function nodeReason(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/^Invalid regular expression: \/.*\/[a-z]*: /, 'Invalid regular expression: ')
    .replace(/, ".*" is not valid JSON/, ' (not valid JSON)')
    .trim();
}

/** Node's hint, on stderr, when a `.js` file with `import`/`export` is parsed as CommonJS. */
const ESM_HINT = 'To load an ES module, set "type": "module"';

/**
 * The file and position a decorated SyntaxError stack starts with (Node's,
 * for a CommonJS file; `node --check`'s output): `FILE:LINE`, the offending
 * line, and a line of spaces with `^` under the column. Only the position is
 * kept, never the line.
 */
function decoratedPosition(text: string): { readonly file: string; readonly at: string } | undefined {
  const [head, , caret] = text.split('\n');
  const match = /^(.+):(\d+)$/.exec(head ?? '');
  if (match === null || !/^(file:\/\/)?\//.test(match[1]!)) return undefined;
  const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
  const column = caret?.indexOf('^') ?? -1;
  // No caret (the error is at the end of the input): the line only.
  if (column < 0 || caret!.slice(0, column).trim() !== '') return { file, at: `${file}:${match[2]}` };
  return { file, at: `${file}:${match[2]}:${column + 1}` };
}

/**
 * Where `node --check` finds the syntax error of the JavaScript `file` (it
 * parses without running anything): an ES module's SyntaxError does not say
 * where it is. `null` when the file itself parses (the error is in a module
 * it imports); undefined when the check could not say.
 */
function checkedLocation(file: string): string | null | undefined {
  const run = check(file);
  if (run.status === 0) return null;
  return run.stderr === undefined || run.stderr.includes(ESM_HINT) ? undefined : decoratedPosition(run.stderr)?.at;
}

function check(file: string): { readonly status: number | null; readonly stderr: string | undefined } {
  const run = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: CHECK_MS, stdio: ['ignore', 'ignore', 'pipe'] });
  return { status: run.status, stderr: run.stderr ?? undefined };
}

/** The file an import `specifier` of `importer` names by a path (relative, absolute or `file:`); undefined for a package. */
function pathOf(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith('file://')) return fileURLToPath(specifier);
  return specifier.startsWith('.') || isAbsolute(specifier) ? resolve(dirname(importer), specifier) : undefined;
}

/** How many modules of an import chain `node --check` may read to find the one with the syntax error. */
const CHAIN_FILES = 20;

/**
 * The files `file` imports statically by a path (`from './x.mjs'`, `import
 * '../y.js'`), read loosely off its text: only the ones that exist count.
 */
function importedFiles(file: string): readonly string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*(['"])([^'"\n]+)\1/g)) {
    const path = pathOf(match[2]!, file);
    if (path !== undefined && /\.m?js$/.test(path) && !path.includes('/node_modules/') && existsSync(path)) found.push(path);
  }
  return found;
}

/**
 * The module of `file`'s import chain (not `file` itself, which parses)
 * where `node --check` finds a syntax error, and where: undefined when none
 * of the first {@link CHAIN_FILES} it imports by a path says.
 */
function importedSyntaxError(file: string): string | undefined {
  const seen = new Set([file]);
  const queue = [...importedFiles(file)];
  while (queue.length > 0 && seen.size <= CHAIN_FILES) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const located = checkedLocation(next);
    if (located !== null) {
      if (located !== undefined) return located;
      continue;
    }
    queue.push(...importedFiles(next));
  }
  return undefined;
}

/** The package.json that decides whether the `.js` file is CommonJS: the nearest one above it. */
function nearestPackageJson(file: string): string | undefined {
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    const candidate = join(folder, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(folder) === folder) return undefined;
  }
}

function syntaxFailure(error: Error, file: string): LoadFailure {
  const located = decoratedPosition(error.stack ?? '')?.at;
  if (located !== undefined) return { kind: 'syntax', at: located, reason: nodeReason(error.message) };
  if (isTypeScript(file)) return { kind: 'syntax', at: undefined, reason: nodeReason(error.message) };
  const checked = checkedLocation(file);
  if (checked !== null) return { kind: 'syntax', at: checked, reason: nodeReason(error.message) };
  // The file parses: the error is in a module it imports.
  const imported = importedSyntaxError(file);
  return { kind: 'syntax', at: imported, reason: imported === undefined ? `${nodeReason(error.message)} (in a module ${file} imports)` : `${nodeReason(error.message)} (imported by ${file})` };
}

/**
 * The `.js` file an ES module imports names from that Node took for
 * CommonJS (`Named export 'x' not found. The requested module './y.js' is a
 * CommonJS module`) when it is in fact an ES module in a CommonJS folder
 * (`node --check` gives Node's hint): undefined otherwise.
 */
function namedImportOfEsmInCommonJs(error: Error): string | undefined {
  const requested = /^Named export '[^']*' not found\. The requested module '([^']+)' is a CommonJS module/.exec(error.message);
  const importer = decoratedPosition(error.stack ?? '')?.file;
  if (requested === null || importer === undefined) return undefined;
  const path = pathOf(requested[1]!, importer);
  if (path === undefined || !path.endsWith('.js') || !existsSync(path)) return undefined;
  return check(path).stderr?.includes(ESM_HINT) === true ? path : undefined;
}

/** Whether the `.cjs` or `.js` file at `path` loads as CommonJS (a `.js` one by the nearest package.json's `type`). */
function isCommonJsFile(path: string): boolean {
  if (path.endsWith('.cjs')) return true;
  if (!path.endsWith('.js')) return false;
  const packageJson = nearestPackageJson(path);
  try {
    return packageJson === undefined || (JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: unknown }).type !== 'module';
  } catch {
    return true;
  }
}

/**
 * `error` with Node's message for a named import a CommonJS module lacks
 * (`Named export 'x' not found. The requested module './y.cjs' is a
 * CommonJS module…`) where Node gave its plainer one (`The requested module
 * './y.cjs' does not provide an export named 'x'`), as it does in a
 * plug-in's worker, whose module hooks serve the checked bytes: the same
 * failure then says the same, and an ES module in a CommonJS folder is told.
 */
function withCommonJsNamedExport(error: Error): Error {
  const plain = /^The requested module '([^']+)' does not provide an export named '([^']+)'$/.exec(error.message.split('\n')[0] ?? '');
  const importer = decoratedPosition(error.stack ?? '')?.file;
  if (plain === null || importer === undefined) return error;
  const path = pathOf(plain[1]!, importer);
  if (path === undefined || !existsSync(path) || !isCommonJsFile(path)) return error;
  const named = new SyntaxError(`Named export '${plain[2]}' not found. The requested module '${plain[1]}' is a CommonJS module, which may not support all module.exports as named exports.`);
  named.stack = error.stack;
  return named;
}

/** Why importing the module `file` failed with `thrown` (see {@link LoadFailure}). */
export function loadFailure(thrown: unknown, file: string): LoadFailure {
  if (!(thrown instanceof Error)) return { kind: 'threw', reason: String(thrown) };
  const error = isEsmInCommonJs(thrown) ? thrown : withCommonJsNamedExport(thrown);
  if (isEsmInCommonJs(error)) {
    const culprit = decoratedPosition(error.stack ?? '')?.file ?? file;
    return { kind: 'esm-in-commonjs', file: culprit, packageJson: nearestPackageJson(culprit) };
  }
  const named = namedImportOfEsmInCommonJs(error);
  if (named !== undefined) return { kind: 'esm-in-commonjs', file: named, packageJson: nearestPackageJson(named) };
  // tsx: "Transform failed with 1 error:" and esbuild's error on the next line.
  const lines = error.message.split('\n');
  const transform = /^Transform failed with (\d+) errors?:$/.exec(lines[0] ?? '');
  const esbuild = transform === null ? null : ESBUILD_ERROR.exec(lines[1] ?? '');
  if (transform !== null && esbuild !== null) {
    const more = Number(transform[1]) - 1;
    return { kind: 'syntax', at: `${esbuild[1]}:${esbuild[2]}:${Number(esbuild[3]) + 1}`, reason: `${esbuild[4]}${more > 0 ? ` (and ${more} more)` : ''}` };
  }
  if (error.name === 'SyntaxError') return syntaxFailure(error, file);
  return { kind: 'threw', reason: nodeReason(error.message) };
}

/** `failure` as one line about the module `file`: what a message says after the config and the key. */
export function describeLoadFailure(failure: LoadFailure, file: string): string {
  switch (failure.kind) {
    case 'syntax':
      return failure.at === undefined ? `${file} has a syntax error: ${failure.reason}` : `${failure.at}: syntax error: ${failure.reason}`;
    case 'esm-in-commonjs': {
      const where = failure.packageJson === undefined ? 'no package.json above it says "type": "module"' : `${failure.packageJson} has no "type": "module"`;
      return `${failure.file} is an ES module in a CommonJS folder (${where}): name it ${basename(failure.file).replace(/\.js$/, '.mjs')}, or add "type": "module" to ${failure.packageJson ?? 'a package.json'}`;
    }
    case 'threw':
      return `${file} threw while loading: ${failure.reason}`;
  }
}
