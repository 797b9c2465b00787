import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sealLearnedDecision } from '@loadout/learn';
import { createBuiltinRegistry } from '@loadout/rankers';
import { learnedForRanker } from './commands/learned-ranker-choice.js';

// The built CLI (`pnpm build` first): a decision learned and judged for one ranker, searched with another.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const folder = mkdtempSync(join(tmpdir(), 'loadout-learned-other-ranker-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

writeFileSync(join(folder, 'catalog.json'), JSON.stringify([
  { name: 'write_file', server: 'fs', description: 'Write text to disk' },
  { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
]));
/** A store in `name/` whose sealed decision turned learning on for `ranker`. */
function store(name: string, ranker: string | undefined, enabled = true): string {
  mkdirSync(join(folder, name));
  writeFileSync(join(folder, name, 'feedback.jsonl'), `${JSON.stringify({ query: 'keep my notes for later', called: ['write_file'], at: '2026-11-30T10:00:00.000Z' })}\n`);
  writeFileSync(join(folder, name, 'learned.json'), sealLearnedDecision({ enabled, usageWeight: 1, ...(ranker === undefined ? {} : { ranker }) }));
  return `${name}/feedback.jsonl`;
}
const forRerank = store('rerank', 'rerank');
const forGone = store('gone', 'gone-plug-in');
const off = store('off', 'rerank', false);
writeFileSync(join(folder, 'bm25f.config.json'), JSON.stringify({ ranker: 'bm25f' }));

function search(...flags: string[]): { status: number | null; json: { ranker?: string; learned?: boolean; error?: { code: string } }; stderr: string } {
  const run = spawnSync(process.execPath, [main, 'search', 'keep the recipe for later', '--catalog', 'catalog.json', '--json', ...flags], { cwd: folder, env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, json: JSON.parse(run.stdout) as { ranker?: string; learned?: boolean; error?: { code: string } }, stderr: run.stderr };
}

describe('search --feedback with a decision learned for another ranker', () => {
  it('searches with the ranker the decision was learned for when none is named, and says nothing', () => {
    const run = search('--feedback', forRerank);
    expect(run).toMatchObject({ status: 0, json: { ranker: 'rerank', learned: true } });
    expect(run.stderr).not.toContain('learned-other-ranker');
  });

  it('warns [learned-other-ranker] when --ranker or the config names another, and --strict refuses it (exit 2)', () => {
    const warning = `loadout search: warning: ${join(folder, 'rerank/learned.json')} was learned and judged for ranker "rerank", and never for "bm25f": name --ranker rerank, or run loadout learn --ranker bm25f; applied to "bm25f" all the same [learned-other-ranker]\n`;
    const named = search('--feedback', forRerank, '--ranker', 'bm25f');
    expect(named).toMatchObject({ status: 0, json: { ranker: 'bm25f', learned: true } });
    expect(named.stderr).toBe(warning);
    const configured = search('--feedback', forRerank, '--config', 'bm25f.config.json');
    expect(configured).toMatchObject({ status: 0, json: { ranker: 'bm25f', learned: true } });
    expect(configured.stderr).toContain('[learned-other-ranker]');
    const strict = search('--feedback', forRerank, '--ranker', 'bm25f', '--strict');
    expect(strict).toMatchObject({ status: 2, json: { error: { code: 'learned-other-ranker' } } });
  });

  it('a decision for a ranker this setup lacks falls back to the default with the warning; learning off changes nothing', () => {
    const gone = search('--feedback', forGone);
    expect(gone).toMatchObject({ status: 0, json: { ranker: 'bm25f', learned: true } });
    expect(gone.stderr).toContain('was learned and judged for ranker "gone-plug-in", and never for "bm25f"');
    const unused = search('--feedback', off);
    expect(unused).toMatchObject({ status: 0, json: { ranker: 'bm25f' } });
    expect(unused.json.learned).toBeUndefined();
  });
});

describe('learnedForRanker', () => {
  const registry = createBuiltinRegistry();
  it('is the decision\'s ranker only when learning is on and the registry has it, learning from usage', async () => {
    await expect(learnedForRanker(forRerank, folder, registry)).resolves.toBe('rerank');
    await expect(learnedForRanker(forGone, folder, registry)).resolves.toBeUndefined();
    await expect(learnedForRanker(off, folder, registry)).resolves.toBeUndefined();
    await expect(learnedForRanker('nowhere/feedback.jsonl', folder, registry)).resolves.toBeUndefined();
    await expect(learnedForRanker('postgres://localhost:1/none', folder, registry, false)).resolves.toBeUndefined();
  });
});
