import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEsmInCommonJs, isTypeScript } from './import-config-module.js';

/**
 * Why a module did not import, in one line (never a stack trace, never a
 * line of the file):
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

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

/**
 * The file and position a decorated SyntaxError stack starts with (Node's,
 * for a CommonJS file; `node --check`'s output): `FILE:LINE`, the offending
 * line, and a line of spaces with `^` under the column. Only the position is
 * kept, never the line.
 */
function decoratedPosition(text: string): { readonly file: string; readonly at: string } | undefined {
  const [head, , caret] = text.split('\n');
  const match = /^(.+):(\d+)$/.exec(head ?? '');
  const column = caret?.indexOf('^') ?? -1;
  if (match === null || column < 0 || caret!.slice(0, column).trim() !== '') return undefined;
  const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
  return { file, at: `${file}:${match[2]}:${column + 1}` };
}

/**
 * Where `node --check` finds the syntax error of the JavaScript `file` (it
 * parses without running anything): an ES module's SyntaxError does not say
 * where it is. `null` when the file itself parses (the error is in a module
 * it imports); undefined when the check could not say.
 */
function checkedLocation(file: string): string | null | undefined {
  const run = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: CHECK_MS, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status === 0) return null;
  return run.stderr === undefined ? undefined : decoratedPosition(run.stderr)?.at;
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
  if (located !== undefined) return { kind: 'syntax', at: located, reason: error.message };
  if (isTypeScript(file)) return { kind: 'syntax', at: undefined, reason: firstLine(error.message) };
  const checked = checkedLocation(file);
  return { kind: 'syntax', at: checked ?? undefined, reason: checked === null ? `${firstLine(error.message)} (in a module ${file} imports)` : firstLine(error.message) };
}

/** Why importing the module `file` failed with `error` (see {@link LoadFailure}). */
export function loadFailure(error: unknown, file: string): LoadFailure {
  if (!(error instanceof Error)) return { kind: 'threw', reason: String(error) };
  if (isEsmInCommonJs(error)) {
    const culprit = decoratedPosition(error.stack ?? '')?.file ?? file;
    return { kind: 'esm-in-commonjs', file: culprit, packageJson: nearestPackageJson(culprit) };
  }
  // tsx: "Transform failed with 1 error:" and esbuild's error on the next line.
  const lines = error.message.split('\n');
  const transform = /^Transform failed with (\d+) errors?:$/.exec(lines[0] ?? '');
  const esbuild = transform === null ? null : ESBUILD_ERROR.exec(lines[1] ?? '');
  if (transform !== null && esbuild !== null) {
    const more = Number(transform[1]) - 1;
    return { kind: 'syntax', at: `${esbuild[1]}:${esbuild[2]}:${Number(esbuild[3]) + 1}`, reason: `${esbuild[4]}${more > 0 ? ` (and ${more} more)` : ''}` };
  }
  if (error.name === 'SyntaxError') return syntaxFailure(error, file);
  return { kind: 'threw', reason: firstLine(error.message) };
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
