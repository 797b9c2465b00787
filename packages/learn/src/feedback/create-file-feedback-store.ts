import { lstat, mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createLoadoutError, isLoadoutError, type UsageEvent } from '@loadout/core';
import { readJsonLinesFile, writeFileAtomic } from '@loadout/eval/files';
import { isLearnedDecisionFile, openLearnedDecision, sealLearnedDecision } from '../decision/learned-decision.js';
import type { LearnedDecisionRead } from '../decision/learned-decision.js';
import { eventsByTime } from './events-by-time.js';
import type { FeedbackStore, ReadFeedbackOptions } from './feedback-store-interface.js';
import { parseFeedbackText, type ParsedFeedback } from './parse-feedback.js';
import { recogniseFeedbackStore } from './recognise-feedback-store.js';
import { withStoreLock } from './store-lock.js';

/** One stored line: the event with its time as an ISO date. What the store keeps is exactly this. */
export function storedLine(event: UsageEvent): string {
  const at = new Date(event.at ?? Date.now()).toISOString();
  return JSON.stringify({ query: event.query, called: event.called, at });
}

/** Reads the store at `path` (see {@link FeedbackStore.read}); a folder or an unreadable file throws `file-unreadable`. */
async function readStore(path: string, options: ReadFeedbackOptions): Promise<ParsedFeedback> {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return { events: [], issues: [] };
  if (info.size > maxBytes) {
    return { events: [], issues: [{ code: 'feedback-too-large', line: 0, message: `${path} is ${info.size} bytes, more than the ${maxBytes} read (maxBytes); compact it or raise maxBytes` }] };
  }
  // UTF-16 or binary is content: reported, never thrown (a line not UTF-8 is one skipped line). A folder or a permission error is thrown (file-unreadable).
  const lines = await readJsonLinesFile(path, { maxBytes }).catch((error: unknown) => (isLoadoutError(error) && error.code === 'file-not-text' ? error : Promise.reject(error)));
  if (Array.isArray(lines)) return parseFeedbackText(lines, options);
  return { events: [], issues: [{ code: 'feedback-invalid-line', line: 0, message: `the file${lines.message.slice(path.length)}` }] };
}

/** Which events compaction keeps: per tool the newest 50 (what the usage field reads), none older than 180 days, oldest first. */
function keptEvents(events: readonly UsageEvent[]): UsageEvent[] {
  const oldest = Date.now() - 180 * 86_400_000;
  const perTool = new Map<string, number>();
  const kept: UsageEvent[] = [];
  for (const event of eventsByTime(events).reverse()) {
    if (event.at !== undefined && event.at < oldest) continue;
    if (!event.called.some((name) => (perTool.get(name) ?? 0) < 50)) continue;
    for (const name of event.called) perTool.set(name, (perTool.get(name) ?? 0) + 1);
    kept.push(event);
  }
  return kept.reverse();
}

/** The feedback store in files: events as JSONL at `path`, the decision sealed in `learned.json` beside it; a write holds the store's lock and refuses a file that is not a feedback store. */
export function createFileFeedbackStore(path: string): FeedbackStore {
  const location = resolve(path);
  const decisionLocation = join(dirname(location), 'learned.json');
  const name = basename(location);
  // With no events, it makes the store (and its folder) and fails at once when the store cannot be written.
  const append = (events: readonly UsageEvent[]): Promise<void> =>
    withStoreLock(location, async () => {
      const handle = await open(location, 'a+');
      try {
        // After an append cut short (its last byte no newline), start a new line, so only that line is lost.
        const { size } = await handle.stat();
        const last = size === 0 ? 0x0a : (await handle.read(new Uint8Array(1), 0, 1, size - 1)).buffer[0];
        await handle.appendFile((last === 0x0a ? '' : '\n') + events.map((event) => `${storedLine(event)}\n`).join(''));
      } finally {
        await handle.close();
      }
    });
  /** The decision in `bytes`, or `other-store` when it is the decision of another store in this folder. */
  const decisionIn = (bytes: Uint8Array): LearnedDecisionRead => {
    const read = openLearnedDecision(bytes);
    const store = read.kind === 'decided' ? read.decision.store : undefined;
    return store !== undefined && store !== name ? { kind: 'other-store', store } : read;
  };
  const readDecision = async (): Promise<LearnedDecisionRead> => {
    const bytes = await readFile(decisionLocation).catch((error: NodeJS.ErrnoException) => error.code ?? 'unknown error');
    if (typeof bytes !== 'string') return decisionIn(bytes);
    return bytes === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', reason: `cannot read it: ${bytes}` };
  };
  /** Whether the file where the decision goes may be replaced or deleted: none there, an empty file, or this store's decision; not another store's, nor a file loadout did not write. */
  const replaceable = async (): Promise<boolean> => {
    const bytes = await readFile(decisionLocation).catch(() => undefined);
    return bytes === undefined || bytes.length === 0 || (isLearnedDecisionFile(bytes) && decisionIn(bytes).kind !== 'other-store');
  };
  return {
    specificationVersion: 'v1',
    location,
    decisionLocation,
    checkWritable: () => append([]),
    append,
    read: (options = {}) => readStore(location, options),
    compact: () =>
      withStoreLock(location, async () => {
        const read = await readStore(location, { maxBytes: Number.MAX_SAFE_INTEGER });
        const kept = keptEvents(read.events);
        const dropped = read.events.length - kept.length + read.issues.filter((issue) => issue.code === 'feedback-invalid-line' && issue.line > 0).length;
        if (dropped > 0) await writeFileAtomic(location, location, kept.map((event) => `${storedLine(event)}\n`).join(''));
        return { kept: kept.length, dropped };
      }),
    size: async () => (await stat(location).catch(() => undefined))?.size ?? 0,
    async purge() {
      // A file that holds no events (empty, blank) is left as it is; another store's decision, or a file loadout did not write, is kept.
      const found = await Promise.all([recogniseFeedbackStore(location), replaceable().then((mine) => mine && lstat(decisionLocation).then(() => true, () => false))]);
      if (found[0]) await withStoreLock(location, () => rm(location, { force: true }));
      // Only a decision that exists: rm fails (ENOTDIR) where the store's folder is a file.
      if (found[1]) await rm(decisionLocation, { force: true });
      return [location, decisionLocation].filter((_, index) => found[index]);
    },
    readDecision,
    async writeDecision(decision) {
      if (!(await replaceable())) {
        throw createLoadoutError('file-overwrite-refused', `${decisionLocation} is not this store's decision (another store's, or a file loadout did not write); it was left unchanged: keep each feedback store in a folder of its own`, { path: decisionLocation });
      }
      // A folder that cannot be made is reported by the write (file-unwritable).
      await mkdir(dirname(decisionLocation), { recursive: true }).catch(() => {});
      await writeFileAtomic(decisionLocation, location, sealLearnedDecision({ ...decision, store: name }));
    },
  };
}
