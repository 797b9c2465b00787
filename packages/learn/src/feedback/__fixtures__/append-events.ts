// Child process of compaction-race.test.ts: appends COUNT events, one append each, to STORE.
import { createFileFeedbackStore } from '../create-file-feedback-store.js';

const [store, label, count] = process.argv.slice(2);
for (let index = 0; index < Number(count); index++) {
  await createFileFeedbackStore(store!).append([{ query: `${label} query ${index}`, called: [`${label}_tool_${index}`], at: Date.now() }]);
}
