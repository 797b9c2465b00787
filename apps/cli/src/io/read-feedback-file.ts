import { resolve } from 'node:path';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { redactUrl } from '@loadout/core/utils';
import type { CatalogTool } from '@loadout/core';
import type { FeedbackIssue, ParsedFeedback } from '@loadout/learn';
import type { CliContext } from './cli-context.js';
import { readCommandFeedback } from './read-command-feedback.js';
import { isUrl } from './check-file-flag.js';
import { isDatabaseStore } from './open-feedback-store.js';
import { renderFeedbackIssues } from '../format/learning-view.js';
import { formatCount } from '../format/render-table.js';

/** What a feedback file's issues come to: lines not used at all, and unknown tool names dropped from lines that were used. */
export interface FeedbackSkips {
  readonly lines: number;
  readonly droppedTools: number;
}

/** Counts {@link FeedbackSkips}: a line with an unknown tool but another one kept is not a skipped line. */
export function countFeedbackSkips(issues: readonly FeedbackIssue[]): FeedbackSkips {
  const skipped = new Set(issues.filter((issue) => issue.lineKept !== true).map((issue) => issue.line));
  return { lines: skipped.size, droppedTools: issues.filter((issue) => issue.lineKept === true).length };
}

/** Reads FILE as eval reads its files, for its error: missing, unreadable or `file-not-text` (then saying what was left `unchanged`). */
async function readNamedFile(file: string, context: CliContext, unchanged: string): Promise<void> {
  const { readTextFile } = await import('@loadout/eval/files');
  await readTextFile(file, { cwd: context.cwd }).catch((error: unknown) => {
    if (isLoadoutError(error) && error.code === 'file-not-text') throw createLoadoutError('file-not-text', `${error.message}; ${unchanged}`, error.details);
    throw error;
  });
}

/**
 * Reads FILE of usage events that `loadout <command>` names on its command
 * line (`learn FILE`, `eval --feedback FILE`), checked against `tools`. Its
 * skipped lines are said on stderr. A FILE with no usable event is an error
 * (exit 2), never an empty history: its own (missing, a folder, not
 * UTF-8 text: `file-not-text`, as eval says of its other files),
 * `feedback-too-large` (over `maxBytes`), or `feedback-empty` (empty, or
 * every line skipped); each message ends with `unchanged`, what the command
 * left as it was ("nothing was imported"). With `database` (eval), a
 * `postgres://` URL is read as the store it names (its events, as search
 * --feedback reads that store); any other URL is `invalid-option`. Every
 * message names a URL through core's `redactUrl`.
 */
export async function readFeedbackFile(
  file: string,
  tools: readonly CatalogTool[],
  context: CliContext,
  options: { readonly command: string; readonly maxBytes: number | undefined; readonly unchanged: string; readonly database?: boolean },
): Promise<ParsedFeedback> {
  const database = options.database === true && isDatabaseStore(file);
  const shown = isUrl(file) ? redactUrl(file) : file;
  // Read as a path, a URL would be "no such file", its password in the message.
  if (isUrl(file) && !database) throw createLoadoutError('invalid-option', `${shown} is a URL, and ${options.command} reads usage events from a file here: write them to a JSONL file and name that`, { path: shown });
  const read = await readCommandFeedback(database ? file : resolve(context.cwd, file), tools, { kind: 'events' }, options.maxBytes);
  const tooLarge = read.issues.find((issue) => issue.code === 'feedback-too-large');
  // Said once, by the error: the file was not read, so there is no other issue.
  if (tooLarge !== undefined) throw createLoadoutError('feedback-too-large', `${tooLarge.message}; ${options.unchanged}`, { path: shown });
  // The store reports a whole file that is not text (UTF-16, binary) as an issue of line 0, so that a store keeps working; a FILE
  // named on the command line is refused as eval refuses its other files: file-not-text, from the reader they share, before anything is said.
  if (!database && read.issues.some((issue) => issue.line === 0)) await readNamedFile(file, context, options.unchanged);
  context.stderr(renderFeedbackIssues(options.command, shown, read.issues));
  if (read.events.length > 0) return read;
  // A missing file, a folder or an unreadable one is named by its own error; an empty or useless one is feedback-empty.
  if (!database && read.issues.length === 0) await readNamedFile(file, context, options.unchanged);
  const { lines } = countFeedbackSkips(read.issues);
  const why = read.issues.length === 0 ? (database ? 'it holds no events' : 'it is empty') : lines === 1 ? 'its one line was skipped (above)' : `all ${formatCount(lines)} lines were skipped (above)`;
  throw createLoadoutError('feedback-empty', `${shown} has no usable events: ${why}; ${options.unchanged}`, { path: shown, skipped: lines });
}
