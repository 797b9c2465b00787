import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sealLearnedDecision } from '@loadout/learn';

// The built CLI (`pnpm build` first) as a user runs it, from a folder outside the workspace: a learned.json whose
// re-ranking model reads word vectors (as learnFromFeedback fits with its `vectors` option) loads the installed table.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const folder = mkdtempSync(join(tmpdir(), 'loadout-learned-vectors-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function search(query: string): { status: number | null; stdout: string; stderr: string } {
  const args = [main, 'search', query, '--catalog', 'catalog.json', '--feedback', join(folder, '.loadout', 'feedback.jsonl'), '--explain', '--json'];
  const result = spawnSync(process.execPath, args, { cwd: folder, env: { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('search --feedback with a learned model that reads word vectors', () => {
  it('loads the vectors (offline, from the installed package) and re-ranks with them', () => {
    writeFileSync(
      join(folder, 'catalog.json'),
      JSON.stringify([
        { name: 'write_file', server: 'fs', description: 'Write text to a file on disk' },
        { name: 'send_email', server: 'mail', description: 'Send an email message' },
      ]),
    );
    mkdirSync(join(folder, '.loadout'));
    writeFileSync(join(folder, '.loadout', 'feedback.jsonl'), `${JSON.stringify({ query: 'keep my notes for later', called: 'write_file' })}\n`);
    const model = JSON.parse(readFileSync(join(root, 'packages/learn/src/rerank/models/glove-rerank-model.json'), 'utf8')) as object;
    writeFileSync(join(folder, '.loadout', 'learned.json'), sealLearnedDecision({ enabled: true, usageWeight: 1, model }));
    const run = search('keep my draft for later');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { hits: { name: string; explanation: { components: Record<string, number> } }[] };
    expect(result.hits[0]!.name).toBe('write_file');
    expect(Object.keys(result.hits[0]!.explanation.components)).toContain('feature.vector.query');
  });
});
