import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// `loadout learn` judges the descriptions search and serve index: the config's mods applied.

const things = ['summary', 'notes', 'list', 'answer', 'log', 'plan', 'draft', 'letter', 'table', 'chart', 'quote', 'poem', 'essay', 'memo', 'idea', 'outline', 'agenda', 'invoice'];
const saves = [...things.map((thing) => `keep the ${thing} for later`), ...things.map((thing) => `keep my ${thing} for later`)];
const tools = [
  { name: 'write_file', server: 'fs', description: 'Write text to disk' },
  { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
  { name: 'Bash', kind: 'core', description: 'Run a shell command' },
];
const mods = [{ plugin: 'notes', rules: [{ server: 'fs', description: 'Keep notes, lists and plans for later' }, { tool: 'Bash', isDeferred: true }] }];

interface LearnOutput {
  readonly report: { readonly enabled: boolean; readonly baseline: { readonly 'recall@5': number } };
}

async function learnIn(withConfig: boolean): Promise<{ output: LearnOutput; stderr: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-learn-mods-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(tools));
  await writeFile(join(dir, 'events.jsonl'), `${saves.map((query) => JSON.stringify({ query, called: 'write_file' })).join('\n')}\n`);
  await writeFile(join(dir, 'loadout.config.json'), JSON.stringify({ catalog: 'catalog.json', mods }));
  const run = fakeContext({ cwd: dir });
  expect(await runCli(['learn', 'events.jsonl', '--json', ...(withConfig ? [] : ['--no-config', '--catalog', 'catalog.json'])], run.context)).toBe(0);
  return { output: JSON.parse(run.stdout()) as LearnOutput, stderr: run.stderr() };
}

describe('loadout learn with a config that has mods', () => {
  it('judges the modded descriptions, as search ranks them, and says the mods’ warnings', async () => {
    // The mod rewrites write_file's description to what the log asks for: the model-free default then finds it on every held-out event, so learning has nothing to win.
    const modded = await learnIn(true);
    expect(modded.output.report.baseline['recall@5']).toBe(1);
    expect(modded.output.report.enabled).toBe(false);
    expect(modded.stderr).toContain('[mod-ignored-core]');
    // Without the mods the catalog's own description shares no word with the log: the default finds nothing and learning switches on.
    const plain = await learnIn(false);
    expect(plain.output.report.baseline['recall@5']).toBe(0);
    expect(plain.output.report.enabled).toBe(true);
    expect(plain.stderr).not.toContain('mod-');
  });
});
