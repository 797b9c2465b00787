import { lstat, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '@loadout/eval/files';
import { openLearnedDecision, sealLearnedDecision } from '../decision/seal-learned-decision.js';
import type { LearnedDecisionRead } from '../decision/learned-decision.js';
import type { FeedbackStore } from './feedback-store-interface.js';
import { appendFeedbackEvents, checkFeedbackWritable, compactFeedbackFile, feedbackFileSize, purgeFeedbackFile, readFeedbackFile } from './feedback-store.js';

/** The decision file beside a store: `learned.json` in the store's folder. */
export function learnedDecisionPath(storePath: string): string {
  return join(dirname(storePath), 'learned.json');
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * The feedback store kept in files: events as JSONL at `path` (default
 * `.loadout/feedback.jsonl` in the CLI), the decision in `learned.json`
 * beside it, sealed in the checksum frame (`sealLearnedDecision`): a
 * damaged, hand-edited or out-of-range decision reads as `unreadable`.
 * See {@link FeedbackStore}.
 */
export function createFileFeedbackStore(path: string): FeedbackStore {
  const location = resolve(path);
  const decisionLocation = learnedDecisionPath(location);
  return {
    specificationVersion: 'v1',
    location,
    decisionLocation,
    checkWritable: () => checkFeedbackWritable(location),
    append: (events) => appendFeedbackEvents(location, events),
    read: (options) => readFeedbackFile(location, options),
    compact: (options) => compactFeedbackFile(location, options),
    size: () => feedbackFileSize(location),
    async purge() {
      const existing: string[] = [];
      if (await exists(location)) existing.push(location);
      await purgeFeedbackFile(location);
      if (await exists(decisionLocation)) existing.push(decisionLocation);
      await rm(decisionLocation, { force: true });
      return existing;
    },
    async readDecision(): Promise<LearnedDecisionRead> {
      let bytes: Uint8Array;
      try {
        bytes = await readFile(decisionLocation);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', reason: `cannot read it: ${code ?? 'unknown error'}` };
      }
      return openLearnedDecision(bytes);
    },
    async writeDecision(decision) {
      // A folder that cannot be made is reported by the write (file-unwritable).
      await mkdir(dirname(decisionLocation), { recursive: true }).catch(() => {});
      await writeFileAtomic(decisionLocation, location, sealLearnedDecision(decision));
    },
  };
}
