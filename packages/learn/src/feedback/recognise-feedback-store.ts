import { lstat, open } from 'node:fs/promises';
import { createLoadoutError, readUsageEvent, tryParseJson } from '@loadout/core';
import { isRecord } from '@loadout/core/utils';

/** Bytes read to find the first line: a query holds at most 100,000 characters. */
const FIRST_LINE_BYTES = 1024 * 1024;

const refuse = (path: string, why: string): never => {
  throw createLoadoutError('feedback-store-invalid', `${path} is not a feedback store: ${why}; it was left untouched (name the feedback store itself: .loadout/feedback.jsonl by default)`, { path });
};

/**
 * Whether `path` holds events: false when missing, a folder, or a file that
 * is empty or blank; true when it starts with a line the store writes. Else
 * throws `feedback-store-invalid` (naming the path, never its contents):
 * writing it (a catalog, a labelled query file) would destroy it.
 */
export async function recogniseFeedbackStore(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => undefined);
  if (info === undefined || info.isDirectory()) return false; // missing: created on write; a folder fails the write with its own code
  if (info.isSymbolicLink()) refuse(path, 'it is a symbolic link (name the file it points to)');
  if (!info.isFile()) refuse(path, 'it is not a regular file');
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error))); // gone since lstat (a purge): missing
  const bytes = new Uint8Array(Math.min(info.size, FIRST_LINE_BYTES));
  const { bytesRead } = (await handle?.read(bytes, 0, bytes.length, 0).finally(() => handle.close())) ?? { bytesRead: 0 };
  const first = new TextDecoder().decode(bytes.subarray(0, bytesRead)).split('\n').find((line) => line.trim().length > 0);
  if (first !== undefined && !isStoredLine(first)) refuse(path, 'its first line is not a line the store writes ({"query", "called", "at"} and nothing else; a labelled query file is an input: name it as FILE)');
  return first !== undefined;
}

/** Whether `line` is what the store writes: an event with exactly the keys `query`, `called` and `at`. */
function isStoredLine(line: string): boolean {
  const value = tryParseJson(line);
  return isRecord(value) && Object.keys(value).sort().join() === 'at,called,query' && typeof readUsageEvent(value) !== 'string';
}
