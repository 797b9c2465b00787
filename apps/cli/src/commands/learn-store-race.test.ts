import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFeedbackRecorder, type RecorderIssue } from '@loadout/learn';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The built CLI, as a user runs it beside a recording gateway (serve --record records through createFeedbackRecorder).
const builtMain = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
let dir: string;
let store: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-learn-store-race-'));
  store = join(dir, 'usage', 'feedback.jsonl');
  await mkdir(join(dir, 'usage'));
  // 200 recent events of one tool: compaction keeps the newest 50.
  const at = new Date(Date.now() - 3_600_000).toISOString();
  await writeFile(store, Array.from({ length: 200 }, (_, index) => `${JSON.stringify({ query: `old ${index}`, called: ['busy'], at })}\n`).join(''));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function learn(action: 'purge' | 'compact'): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtMain, 'learn', `--${action}`, '--store', store, '--json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout) as Record<string, unknown>) : reject(new Error(`learn --${action} exited ${code}: ${stderr}`))));
  });
}

describe('loadout learn --compact and --purge while usage is recorded into the store', () => {
  it('loses no event recorded after each finished, writes none twice, drops none, and prints the JSON of 3448', async () => {
    const issues: RecorderIssue[] = [];
    const recorder = createFeedbackRecorder(store, { onIssue: (issue) => issues.push(issue) });
    // Each event: its query, and how many of the commands below had finished when it was recorded.
    const recorded: { readonly query: string; readonly after: number }[] = [];
    let finished = 0;
    let recording = true;
    const record = async (): Promise<void> => {
      for (let index = 0; recording; index++) {
        recorded.push({ query: `query ${index}`, after: finished });
        recorder.record({ query: `query ${index}`, called: [`tool_${index}`] });
        await recorder.flush();
      }
    };
    const running = record();
    const outputs: Record<string, unknown>[] = [];
    for (const action of ['compact', 'purge', 'purge'] as const) {
      outputs.push(await learn(action));
      finished++;
    }
    const last = recorded.length;
    while (recorded.length < last + 20) await new Promise((resolve) => setTimeout(resolve, 5));
    recording = false;
    await running;
    await recorder.close();

    expect(issues).toEqual([]);
    expect(recorder.counts.dropped).toBe(0);
    expect(outputs.map((output) => Object.keys(output))).toEqual([
      ['action', 'store', 'decision', 'kept', 'dropped', 'corruptLines', 'message'],
      ['action', 'store', 'decision', 'deleted', 'message'],
      ['action', 'store', 'decision', 'deleted', 'message'],
    ]);
    expect(outputs[0]).toMatchObject({ action: 'compact', dropped: 150, corruptLines: [] });
    expect(outputs[1]).toMatchObject({ action: 'purge', deleted: [store] });

    const lines = (await readFile(store, 'utf8')).split('\n').filter((line) => line.length > 0);
    const queries = lines.map((line) => (JSON.parse(line) as { query: string }).query);
    expect(queries.filter((query, index) => queries.indexOf(query) !== index)).toEqual([]);
    // The second purge deleted what came before it; what was recorded after it finished is all there.
    const afterPurge = recorded.filter((event) => event.after === 3);
    expect(afterPurge.length).toBeGreaterThanOrEqual(20);
    expect(afterPurge.filter((event) => !queries.includes(event.query))).toEqual([]);
    expect(queries.filter((query) => query.startsWith('old '))).toEqual([]);
  }, 60_000);
});
