import { appendFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { UsageEvent } from '@loadout/core';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { readTextFile } from '@loadout/eval/files';
import { eventsByTime } from './events-by-time.js';
import { parseFeedbackText } from './parse-feedback.js';
import { recogniseFeedbackStore } from './recognise-feedback-store.js';
import { withStoreLock } from './store-lock.js';
import type { ParsedFeedback } from './parse-feedback.js';
import type { CompactFeedbackOptions, CompactionResult, ReadFeedbackOptions } from './feedback-store-interface.js';

/** One stored line: the event with its time as an ISO date. What the store keeps is exactly this. */
export function storedLine(event: UsageEvent): string {
  const at = new Date(event.at ?? Date.now()).toISOString();
  return JSON.stringify({ query: event.query, called: event.called, at });
}

/**
 * Reads a feedback file (see `parseFeedbackText`). A missing file has no
 * events; one larger than `maxBytes` is not read (`feedback-too-large`).
 * Bad lines are skipped and reported (a file that is not UTF-8 text, as
 * one `feedback-invalid-line` issue at line 0); this never throws on
 * content, so a damaged log can never stop search. A folder or an
 * unreadable file throws `file-unreadable`.
 */
export async function readFeedbackFile(path: string, options: ReadFeedbackOptions = {}): Promise<ParsedFeedback> {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return { events: [], issues: [] };
  }
  if (size > maxBytes) {
    return {
      events: [],
      issues: [{ code: 'feedback-too-large', line: 0, message: `${path} is ${size} bytes, more than the ${maxBytes} read (maxBytes); compact it (compactFeedbackFile) or raise maxBytes` }],
    };
  }
  let text: string;
  try {
    text = await readTextFile(path);
  } catch (error) {
    // UTF-16 or binary is content: reported, never thrown. A folder or a permission error is thrown (file-unreadable).
    if (!isLoadoutError(error) || error.code !== 'file-not-text') throw error;
    return { events: [], issues: [{ code: 'feedback-invalid-line', line: 0, message: `the file${error.message.slice(path.length)}` }] };
  }
  return parseFeedbackText(text, options);
}

/** Runs a write to `path`; a failure becomes `file-unwritable` naming the path and the system code. */
export async function writing<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isLoadoutError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw createLoadoutError('file-unwritable', `cannot write ${path}: ${code}`, { path, code });
  }
}

/** True when `path` exists and its last byte is not a newline (an append cut short). */
async function endsMidLine(path: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return false;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return false;
    const last = new Uint8Array(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    await handle.close();
  }
}

/**
 * Appends events to an append-only JSONL store (created with its folder
 * when missing). Each line holds the query text, the called tool names and
 * the time, nothing else. When an earlier append was cut short (the store
 * ends mid-line), the events start on a new line: only that partial line
 * is lost (skipped as `feedback-invalid-line`), never the first event
 * appended after it. Holds the store's lock (`<store>.lock`), so it never
 * overlaps a compaction. A file that is not a feedback store (a catalog, a
 * symbolic link) is refused with `feedback-store-invalid` and left
 * untouched; a failed write throws `file-unwritable` naming the path and
 * the system code.
 */
export async function appendFeedbackEvents(path: string, events: readonly UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await writing(path, async () => {
    await mkdir(dirname(path), { recursive: true });
    await withStoreLock(path, async () => {
      await recogniseFeedbackStore(path);
      const separator = (await endsMidLine(path)) ? '\n' : '';
      await appendFile(path, separator + events.map((event) => `${storedLine(event)}\n`).join(''));
    });
  });
}

/** Which events compaction keeps: per tool the newest `maxEventsPerTool`, none older than `maxAgeDays`, oldest first. */
function keptEvents(read: ParsedFeedback, options: CompactFeedbackOptions): UsageEvent[] {
  const events = eventsByTime(read.events);
  const cap = options.maxEventsPerTool ?? 50;
  const oldest = (options.now ?? Date.now()) - (options.maxAgeDays ?? 180) * 86_400_000;
  const perTool = new Map<string, number>();
  const kept: UsageEvent[] = [];
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.at !== undefined && event.at < oldest) continue;
    const useful = event.called.some((name) => (perTool.get(name) ?? 0) < cap);
    if (!useful) continue;
    for (const name of event.called) perTool.set(name, (perTool.get(name) ?? 0) + 1);
    kept.push(event);
  }
  return kept.reverse();
}

/**
 * Rewrites the store keeping only what learning can still use: valid
 * lines, at most `maxEventsPerTool` newest events per tool (by time, not
 * by position: an old log imported late stays old), none older than
 * `maxAgeDays`, oldest first. Holds the store's lock from its read to its
 * rename, so no append is lost; writes a temporary file beside the store
 * and renames it over it (a crash never loses the old file; the temporary
 * file is removed on any failure). Returns events kept and stored lines
 * dropped (old or surplus events and unreadable lines). A file that is not
 * a feedback store is refused (`feedback-store-invalid`), untouched.
 */
export async function compactFeedbackFile(path: string, options: CompactFeedbackOptions = {}): Promise<CompactionResult> {
  return writing(path, () =>
    withStoreLock(path, async () => {
      await recogniseFeedbackStore(path);
      const read = await readFeedbackFile(path, { maxBytes: Number.MAX_SAFE_INTEGER });
      const kept = keptEvents(read, options);
      const invalid = read.issues.filter((issue) => issue.code === 'feedback-invalid-line').length;
      const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
      try {
        await writeFile(temporary, kept.map((event) => `${storedLine(event)}\n`).join(''), { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        throw error;
      }
      return { kept: kept.length, dropped: read.events.length - kept.length + invalid };
    }),
  );
}
