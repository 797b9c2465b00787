import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError, stripBom } from '@loadout/core';
import { detectTextEncoding, textEncodingProblem } from '@loadout/core/utils';

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
  const { cwd, what } = options;
  let bytes: Buffer;
  try {
    bytes = await readFile(cwd === undefined ? path : resolve(cwd, path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw createLoadoutError('file-not-found', what === undefined ? `no such file: ${path}` : `${what} not found: ${path}`, { path });
    const reason = READ_FAILURES[code ?? ''] ?? code ?? String(error);
    throw createLoadoutError('file-unreadable', `cannot read ${what === undefined ? '' : `${what} `}${path}: ${reason}`, { path, ...(code === undefined ? {} : { code }) });
  }
  const encoding = detectTextEncoding(bytes);
  const problem = textEncodingProblem(encoding);
  if (problem !== undefined) throw createLoadoutError('file-not-text', `${path} is not a UTF-8 text file: ${problem}`, { path, encoding });
  return stripBom(bytes.toString('utf8'));
}
