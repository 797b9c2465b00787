import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError, jsonLines, stripBom, utf8JsonLines } from '@loadout/core';
import { detectTextEncoding, textEncodingProblem, type DetectedEncoding } from '@loadout/core/utils';

/** What the common read failures mean, in words (others keep their code, e.g. `EIO`). */
const READ_FAILURES: Readonly<Record<string, string>> = {
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** Options of {@link readTextFile}. */
export interface ReadTextFileOptions {
  /** The folder a relative `path` resolves against. Default: the process's working folder. Messages show `path` as given. */
  readonly cwd?: string;
  /**
   * What the file is for, in messages: `<what> not found: <path>` and
   * `cannot read <what> <path>: <reason>`. Default: none (`no such file:
   * <path>`, `cannot read <path>: <reason>`).
   */
  readonly what?: string;
}

/**
 * Reads a UTF-8 text file (a leading byte-order mark is dropped). Missing or
 * unreadable files become `file-not-found` / `file-unreadable` (`details.path`,
 * and `details.code` the system's code such as `EISDIR`); UTF-16/32, binary
 * data or invalid UTF-8 become `file-not-text` naming the detected encoding
 * (`details.encoding`). Messages name the path, never the contents. The one
 * text-file reader of the CLI, the eval-set loader and the MCP gateway.
 */
export async function readTextFile(path: string, options: ReadTextFileOptions = {}): Promise<string> {
  const bytes = await readBytes(path, options);
  refuseNotText(path, detectTextEncoding(bytes));
  return stripBom(bytes.toString('utf8'));
}

/**
 * Reads a JSON Lines file as {@link readTextFile} reads a text file, into
 * its non-blank lines (core's `jsonLines`), except that bytes that are not
 * UTF-8 spoil only their line, not the file: such a line has `text`
 * undefined (core's `utf8JsonLines`), so that one record cut short
 * mid-character is skipped as one line. UTF-16/32, binary data and a
 * file with no UTF-8 line are still `file-not-text`.
 */
export async function readJsonLinesFile(path: string, options: ReadTextFileOptions = {}): Promise<{ readonly line: number; readonly text: string | undefined }[]> {
  const bytes = await readBytes(path, options);
  const encoding = detectTextEncoding(bytes);
  const lines = encoding === 'invalid-utf-8' ? utf8JsonLines(bytes) : undefined;
  // A file none of whose lines is UTF-8 (Shift-JIS, say) is in another encoding: refused whole, as readTextFile refuses it.
  if (lines?.some((line) => line.text !== undefined) === true) return lines;
  refuseNotText(path, encoding);
  return jsonLines(bytes.toString('utf8'));
}

/** Throws `file-not-text` naming `encoding` unless it is UTF-8. */
function refuseNotText(path: string, encoding: DetectedEncoding): void {
  const problem = textEncodingProblem(encoding);
  if (problem !== undefined) throw createLoadoutError('file-not-text', `${path} is not a UTF-8 text file: ${problem}`, { path, encoding });
}

/** The bytes at `path`; a missing or unreadable file throws as {@link readTextFile} says. */
async function readBytes(path: string, { cwd, what }: ReadTextFileOptions): Promise<Buffer> {
  try {
    return await readFile(cwd === undefined ? path : resolve(cwd, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw createLoadoutError('file-not-found', what === undefined ? `no such file: ${path}` : `${what} not found: ${path}`, { path });
    const reason = READ_FAILURES[code ?? ''] ?? code ?? String(error);
    throw createLoadoutError('file-unreadable', `cannot read ${what === undefined ? '' : `${what} `}${path}: ${reason}`, { path, ...(code === undefined ? {} : { code }) });
  }
}
