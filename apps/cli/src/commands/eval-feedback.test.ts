import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

// `loadout eval --feedback`: what its --report says learning did, and feedback it cannot use.

const tiny = fileURLToPath(new URL('../../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const files = ['--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`];
// 36 events: learning judges on held-out folds of at least 7, a fifth of the events each.
const things = ['summary', 'notes', 'list', 'answer', 'log', 'plan', 'draft', 'letter', 'table', 'chart', 'quote', 'poem', 'essay', 'memo', 'idea', 'outline', 'agenda', 'invoice'];
const saves = [...things.map((thing) => `keep the ${thing} for later`), ...things.map((thing) => `keep my ${thing} for later`)];
const save = (query: string): string => JSON.stringify({ query, relevant: ['desktop::write_file'] });

/** A scratch folder holding feedback.jsonl with `text`, removed when the test finishes. */
async function folder(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-eval-feedback-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'feedback.jsonl'), text);
  return dir;
}

async function evalIn(dir: string, argv: readonly string[]) {
  const run = fakeContext({ cwd: dir });
  const code = await runCli(['eval', ...files, '--feedback', 'feedback.jsonl', ...argv], run.context);
  expect(run.stderr() + run.stdout()).not.toMatch(/\n\s+at .+:\d+/);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('loadout eval --feedback --report', () => {
  it('names what ran as search --feedback does (bm25f + learned) and states the learning decision', async () => {
    const dir = await folder(`${saves.map(save).join('\n')}\n{broken\n`);
    const run = await evalIn(dir, ['--report', 'r.html', '--misses', '3']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('learned ranking ON');
    expect(run.stdout).toMatch(/: \d+ queries over \d+ tools, ranker bm25f \+ learned\n/);
    // The misses are named as the header names the ranker.
    expect(run.stdout).toMatch(/\nWorst queries, bm25f \+ learned[ :(]/);
    expect(run.stdout).not.toMatch(/Worst queries, bm25f(?! \+ learned)/);
    const page = await readFile(join(dir, 'r.html'), 'utf8');
    expect(page).toContain('<h3>bm25f + learned: Recall@5 ');
    expect(page).toContain('<strong>Recommended: bm25f + learned.</strong>');
    expect(page).not.toMatch(/<h3>bm25f:/);
    expect(page).toContain('<h2>Learning from feedback</h2>');
    expect(page).toMatch(/<strong>Learned ranking ON \(usage weight [\d.]+(, re-ranker)?\): it beat the default on held-out events/);
    expect(page).toContain('Learned first from feedback.jsonl: 36 events (1 line skipped). Below, bm25f + learned answered the queries.');
    expect(page).toMatch(/<tr><td data-label="ranker">default \(bm25f without usage\)<\/td><td data-label="Recall@5">[\d.]+<\/td>/);
  });

  it('says learning is off and why, and names the ranker alone, when there are too few events', async () => {
    const dir = await folder(`${saves.slice(0, 2).map(save).join('\n')}\n`);
    const run = await evalIn(dir, ['--report', 'r.html']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/, ranker bm25f\n/);
    const page = await readFile(join(dir, 'r.html'), 'utf8');
    expect(page).toContain('<h3>bm25f: Recall@5 ');
    expect(page).toContain('<strong>Learned ranking OFF: too few events to judge (need at least 35: each of the 3 held-out folds, a fifth of the events, must hold 7 or more); 2 events so far.</strong>');
    expect(page).toContain('Below, bm25f answered the queries without usage.');
    expect(page).not.toContain('+ learned');
    // Nothing was held out: no table of zeros.
    expect(page).not.toContain('Held-out comparison');
  });

  it('keeps the --json contract: the same keys and types, learning figures included', async () => {
    const dir = await folder(`${saves.map(save).join('\n')}\n`);
    const run = await evalIn(dir, ['--json', '--report', 'r.html']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown> & { learning: Record<string, unknown> };
    expect(result['ranker']).toBe('bm25f');
    // Every key of the contract, plus feedbackOverlap (decision 3444): how many queries the feedback holds, and the mods' warnings (3451).
    expect(Object.keys(result).sort()).toEqual(['buildMs', 'failedQueries', 'feedbackOverlap', 'learning', 'mrr@10', 'ndcg@5', 'p50Ms', 'p99Ms', 'queries', 'ranker', 'recall@5', 'set', 'tools', 'warnings']);
    expect(result['feedbackOverlap']).toEqual({ shared: 0, total: 3 });
    expect(result['warnings']).toEqual([]);
    const { feedbackEvents, skippedLines, enabled, reason } = result.learning;
    expect({ feedbackEvents, skippedLines, enabled, reason }).toEqual({ feedbackEvents: 36, skippedLines: 0, enabled: true, reason: 'wins' });
    expect(Object.keys(result.learning)).not.toContain('skips');
  });
});

describe('loadout eval --feedback with feedback it cannot use exits 2 as loadout learn does', () => {
  it.each([
    ['every line skipped', `{bad\n${JSON.stringify({ query: 'x', called: 'nope' })}\n`, 'feedback-empty', 'feedback.jsonl has no usable events: all 2 lines were skipped (above); nothing was evaluated'],
    ['an empty file', '', 'feedback-empty', 'feedback.jsonl has no usable events: it is empty; nothing was evaluated'],
    ['a file over --max-feedback', `${saves.map((query) => JSON.stringify({ query, relevant: ['desktop::write_file'], note: 'x'.repeat(300) })).join('\n')}\n`, 'feedback-too-large', 'is over the --max-feedback limit of 1024 bytes; split it into smaller files'],
  ])('%s: the coded error on stderr, nothing on stdout, no report', async (_, text, code, message) => {
    const dir = await folder(text);
    const run = await evalIn(dir, ['--max-feedback', '1024', '--report', 'r.html']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toMatch(new RegExp(`\\[${code}\\]\\n$`));
    expect(run.stderr).not.toContain('too few events');
    expect(existsSync(join(dir, 'r.html'))).toBe(false);
  });

  it('--json prints the error as JSON, as loadout learn --json does', async () => {
    const dir = await folder('{bad\n');
    const run = await evalIn(dir, ['--json']);
    expect(run.code).toBe(2);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; details: { skipped: number } } };
    expect(error).toMatchObject({ code: 'feedback-empty', details: { skipped: 1 } });
  });
});
