import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError, stripBom } from '@loadout/core';
import { detectTextEncoding } from './detect-text-encoding.js';

const ENCODING_NAMES: Readonly<Record<string, string>> = {
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'utf-32le': 'UTF-32 LE',
  'utf-32be': 'UTF-32 BE',
};

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
  if (encoding !== 'utf-8') {
    const name = ENCODING_NAMES[encoding];
    const problem =
      name !== undefined
        ? `it is ${name} text; save it as UTF-8 (for example: iconv -f ${name.replace(' ', '')} -t UTF-8)`
        : encoding === 'binary'
          ? 'it holds binary data (NUL bytes)'
          : 'it is not valid UTF-8';
    throw createLoadoutError('file-not-text', `${path} is not a UTF-8 text file: ${problem}`, { path, encoding });
  }
  return stripBom(bytes.toString('utf8'));
}
