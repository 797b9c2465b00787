import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built CLI (`pnpm build` first) as a user runs it, from a folder outside the workspace: learning with word vectors.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const folder = mkdtempSync(join(tmpdir(), 'loadout-learn-vectors-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function cli(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args], { cwd: folder, env: { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tools = [
  { name: 'write_file', server: 'fs', description: 'Write text to a file on disk' },
  { name: 'read_file', server: 'fs', description: 'Read a file from disk' },
  { name: 'send_email', server: 'mail', description: 'Send an email message' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
];
const events = [
  ['keep the summary for later', 'write_file'],
  ['store my notes', 'write_file'],
  ['open the report', 'read_file'],
  ['mail the boss', 'send_email'],
  ['will it rain tomorrow', 'get_forecast'],
  ['is it sunny in paris', 'get_forecast'],
].flatMap(([query, called]) => ['', ' please', ' now'].map((tail) => ({ query: `${query}${tail}`, called })));

describe('learning with word vectors (GloVe-SIF, the installed table, offline)', () => {
  writeFileSync(join(folder, 'catalog.json'), JSON.stringify(tools));
  writeFileSync(join(folder, 'events.jsonl'), `${events.map((event) => JSON.stringify(event)).join('\n')}\n`);
  writeFileSync(join(folder, 'tools.jsonl'), `${tools.map((tool) => JSON.stringify({ ...tool, name: `${tool.server}::${tool.name}` })).join('\n')}\n`);
  writeFileSync(join(folder, 'queries.jsonl'), `${JSON.stringify({ query: 'save my draft', relevant: ['fs::write_file'] })}\n`);
  writeFileSync(join(folder, 'feedback.jsonl'), `${events.map((event) => JSON.stringify({ query: event.query, relevant: [`${tools.find((tool) => tool.name === event.called)!.server}::${event.called}`] })).join('\n')}\n`);

  it('loadout learn and eval --feedback fit with the vectors, without a note or a stack trace', () => {
    const learned = cli(['learn', 'events.jsonl', '--catalog', 'catalog.json', '--json']);
    expect(learned.status).toBe(0);
    expect(learned.stderr).not.toMatch(/word vectors|\n\s+at /);
    const decision = JSON.parse(readFileSync(join(folder, '.loadout', 'learned.json'), 'utf8')) as { enabled: boolean; model?: { features: string[] } };
    expect(decision.enabled).toBe(true);
    if (decision.model !== undefined) expect(decision.model.features).toContain('vector.query');
    const evaluated = cli(['eval', '--tools', 'tools.jsonl', '--queries', 'queries.jsonl', '--feedback', 'feedback.jsonl', '--json']);
    expect(evaluated.status).toBe(0);
    expect(evaluated.stderr).not.toMatch(/word vectors|\n\s+at /);
    expect((JSON.parse(evaluated.stdout) as { learning: { enabled: boolean } }).learning.enabled).toBe(true);
  });

  it('search --feedback loads the vectors for a learned model that reads them', () => {
    const model = JSON.parse(readFileSync(join(root, 'packages/bm25/src/rerank/models/glove-rerank-model.json'), 'utf8')) as object;
    writeFileSync(join(folder, '.loadout', 'learned.json'), JSON.stringify({ enabled: true, usageWeight: 1, usagePriorWeight: 0, model }));
    const run = cli(['search', 'keep my draft for later', '--catalog', 'catalog.json', '--feedback', join(folder, '.loadout', 'feedback.jsonl'), '--explain', '--json']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { hits: { name: string; explanation: { components: Record<string, number> } }[] };
    expect(Object.keys(result.hits[0]!.explanation.components)).toContain('feature.vector.query');
  });
});
