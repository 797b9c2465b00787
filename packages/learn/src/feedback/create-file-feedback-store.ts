import { lstat, mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '@loadout/eval/files';
import { openLearnedDecision, sealLearnedDecision } from '../decision/seal-learned-decision.js';
import type { LearnedDecisionRead } from '../decision/learned-decision.js';
import type { FeedbackStore } from './feedback-store-interface.js';
import { appendFeedbackEvents, compactFeedbackFile, readFeedbackFile, writing } from './feedback-store.js';
import { recogniseFeedbackStore } from './recognise-feedback-store.js';
import { withStoreLock } from './store-lock.js';

/**
 * The feedback store kept in files: events as JSONL at `path` (default
 * `.loadout/feedback.jsonl` in the CLI), the decision in `learned.json`
 * beside it, sealed in the checksum frame (`sealLearnedDecision`): a
 * damaged, hand-edited or out-of-range decision reads as `unreadable`.
 * See {@link FeedbackStore}.
 */
export function createFileFeedbackStore(path: string): FeedbackStore {
  const exists = (file: string): Promise<boolean> =>
    lstat(file).then(
      () => true,
      () => false,
    );
  const location = resolve(path);
  const decisionLocation = join(dirname(location), 'learned.json');
  return {
    specificationVersion: 'v1',
    location,
    decisionLocation,
    // Not a feedback store: feedback-store-invalid. Else opened to append (made, with its folder), so a read-only one fails now.
    checkWritable: () =>
      writing(location, async () => {
        await recogniseFeedbackStore(location);
        await mkdir(dirname(location), { recursive: true });
        await (await open(location, 'a')).close();
      }),
    append: (events) => appendFeedbackEvents(location, events),
    read: (options) => readFeedbackFile(location, options),
    compact: (options) => compactFeedbackFile(location, options),
    size: () =>
      stat(location).then(
        ({ size }) => size,
        () => 0,
      ),
    async purge() {
      const existing: string[] = [];
      if (await exists(location)) {
        // Only a feedback store, and under its lock.
        await writing(location, () =>
          withStoreLock(location, async () => {
            await recogniseFeedbackStore(location);
            await rm(location, { force: true });
          }),
        );
        existing.push(location);
      }
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
