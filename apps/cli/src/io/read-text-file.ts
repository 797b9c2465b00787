import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';
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

/**
 * Reads a UTF-8 text file (a leading byte-order mark is dropped). Missing or
 * unreadable files become `file-not-found` / `file-unreadable`; UTF-16/32,
 * binary data or invalid UTF-8 become `file-not-text` naming the detected
 * encoding (`details.encoding`). Messages name the path, never the contents.
 */
export async function readTextFile(path: string, cwd: string): Promise<string> {
  const absolute = resolve(cwd, path);
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw createLoadoutError('file-not-found', `no such file: ${path}`, { path });
    throw createLoadoutError('file-unreadable', `cannot read ${path}: ${READ_FAILURES[code ?? ''] ?? code ?? String(error)}`, { path, ...(code === undefined ? {} : { code }) });
  }
  const encoding = detectTextEncoding(bytes);
  if (encoding !== 'utf-8') {
    const name = ENCODING_NAMES[encoding];
    const what =
      name !== undefined
        ? `it is ${name} text; save it as UTF-8 (for example: iconv -f ${name.replace(' ', '')} -t UTF-8)`
        : encoding === 'binary'
          ? 'it holds binary data (NUL bytes)'
          : 'it is not valid UTF-8';
    throw createLoadoutError('file-not-text', `${path} is not a UTF-8 text file: ${what}`, { path, encoding });
  }
  return stripByteOrderMark(bytes.toString('utf8'));
}

/** Drops a leading UTF-8 byte-order mark (files saved by some Windows editors start with one). */
export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
