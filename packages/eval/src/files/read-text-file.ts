import { open } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { createLoadoutError, isLoadoutError, jsonLines, stripBom, utf8JsonLines } from '@loadout/core';
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
  /**
   * The most bytes read: a longer file, or a device or pipe that never ends
   * (`/dev/zero`), stops being read there and throws `file-too-large`
   * naming the path and this limit. Default {@link DEFAULT_MAX_FILE_BYTES}
   * (256 MiB); any whole number from 0.
   */
  readonly maxBytes?: number;
}

/** The most bytes {@link readTextFile} reads of a file by default: 256 MiB (a JavaScript string holds about 512 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;

/** Bytes asked for per read of a file whose size is not known beforehand (a pipe, `/dev/stdin`, a device). */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a UTF-8 text file (a leading byte-order mark is dropped). Missing or
 * unreadable files become `file-not-found` / `file-unreadable` (`details.path`,
 * and `details.code` the system's code such as `EISDIR`); UTF-16/32, binary
 * data or invalid UTF-8 become `file-not-text` naming the detected encoding
 * (`details.encoding`); one over `maxBytes` (a pipe or device included: read
 * in chunks, never past the limit) becomes `file-too-large` (`details.path`,
 * `details.maxBytes`). Messages name the path, never the contents. The one
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

/** The bytes at `path`, at most `maxBytes` of them; a missing, unreadable or longer file throws as {@link readTextFile} says. */
async function readBytes(path: string, { cwd, what, maxBytes = DEFAULT_MAX_FILE_BYTES }: ReadTextFileOptions): Promise<Buffer> {
  const named = what === undefined ? path : `${what} ${path}`;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(cwd === undefined ? path : resolve(cwd, path), 'r');
    // A regular file is read in one go (its size, plus a byte that would say it grew); a pipe, a device or /proc in chunks.
    const info = await handle.stat();
    const tooLarge = (): Error => createLoadoutError('file-too-large', `${named} is larger than ${formatLimit(maxBytes)}, the most loadout reads of a file: give a smaller one`, { path, maxBytes });
    if (info.isFile() && info.size > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(total === 0 && info.isFile() && info.size > 0 ? info.size + 1 : CHUNK_BYTES, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw tooLarge();
    }
  } catch (error) {
    if (isLoadoutError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // "-" is standard input to many tools, not here: a file of that name is read, else /dev/stdin is named.
    const stdin = basename(path) === '-' ? ' ("-" is a file name here; standard input is /dev/stdin)' : '';
    if (code === 'ENOENT') throw createLoadoutError('file-not-found', `${what === undefined ? `no such file: ${path}` : `${what} not found: ${path}`}${stdin}`, { path });
    const reason = READ_FAILURES[code ?? ''] ?? code ?? String(error);
    throw createLoadoutError('file-unreadable', `cannot read ${what === undefined ? '' : `${what} `}${path}: ${reason}`, { path, ...(code === undefined ? {} : { code }) });
  } finally {
    await handle?.close();
  }
}

/** A byte limit in words: `256 MiB` when it is whole mebibytes, else `1000 bytes`. */
function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
