import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileFeedbackStore } from './create-file-feedback-store.js';

const LINES = 100_000;
let folder: string;
let store: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loadout-compaction-race-'));
  store = join(folder, 'feedback.jsonl');
  // 100,000 recent events of one tool: compaction keeps 50 and drops the rest.
  const at = new Date(Date.now() - 60_000).toISOString();
  const lines: string[] = [];
  for (let index = 0; index < LINES; index++) lines.push(JSON.stringify({ query: `old query ${index}`, called: ['busy_tool'], at }));
  await writeFile(store, `${lines.join('\n')}\n`);
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The queries of the events appended by the racers (each has its own tool, so compaction keeps it). */
async function racersStored(): Promise<Set<string>> {
  const { events } = await createFileFeedbackStore(store).read({ maxBytes: Number.MAX_SAFE_INTEGER });
  return new Set(events.filter((event) => !event.called.includes('busy_tool')).map((event) => event.query));
}

describe('compaction racing appends at 100,000 lines', () => {
  it('loses no event appended during compaction (one process), and reports what it really dropped', async () => {
    const appended: string[] = [];
    const appends = Array.from({ length: 300 }, async (_, index) => {
      const query = `racer query ${index}`;
      await createFileFeedbackStore(store).append([{ query, called: [`racer_tool_${index}`], at: Date.now() }]);
      appended.push(query);
    });
    const compactions = [createFileFeedbackStore(store).compact(), createFileFeedbackStore(store).compact()];
    const [first, second] = await Promise.all(compactions);
    await Promise.all(appends);
    const stored = await racersStored();
    expect(appended.filter((query) => !stored.has(query))).toEqual([]);
    // Every busy_tool line beyond 50 was dropped exactly once across both compactions.
    expect(first!.dropped + second!.dropped).toBe(LINES - 50);
    const { events } = await createFileFeedbackStore(store).read({ maxBytes: Number.MAX_SAFE_INTEGER });
    expect(events.length).toBe(50 + 300);
    expect((await readdir(folder)).sort()).toEqual(['feedback.jsonl']);
  }, 120_000);

  it('loses no event appended by other processes during compactions', async () => {
    const fixture = fileURLToPath(new URL('./__fixtures__/append-events.ts', import.meta.url));
    const racers = ['alpha', 'beta', 'gamma'].map(
      (label) =>
        new Promise<number | null>((done, fail) => {
          const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', fixture, store, label, '200'], { stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.on('error', fail);
          child.on('exit', (code) => (code === 0 ? done(code) : fail(new Error(`racer ${label} exited ${code}: ${stderr.slice(-2000)}`))));
        }),
    );
    let dropped = 0;
    let finished = false;
    const all = Promise.all(racers).finally(() => (finished = true));
    while (!finished) {
      dropped += (await createFileFeedbackStore(store).compact()).dropped;
      await new Promise((done) => setImmediate(done));
    }
    await all;
    const stored = await racersStored();
    const missing = ['alpha', 'beta', 'gamma'].flatMap((label) => Array.from({ length: 200 }, (_, index) => `${label} query ${index}`)).filter((query) => !stored.has(query));
    expect(missing).toEqual([]);
    expect(dropped).toBe(LINES - 50);
    expect((await readFile(store, 'utf8')).endsWith('\n')).toBe(true);
  }, 180_000);
});
