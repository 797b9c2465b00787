import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEXICAL_RERANK_MODEL } from '@loadout/learn';
import { sealLearnedDecision } from '@loadout/learn';
import { runCli } from '../run-cli.js';
import { fakeContext } from '../__fixtures__/fake-context.js';

let dir: string;
const catalog = [
  { name: 'write_file', server: 'fs', description: 'Write text to disk' },
  { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadout-decision-checks-'));
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalog));
  await mkdir(join(dir, '.loadout'));
  await writeFile(join(dir, '.loadout', 'feedback.jsonl'), `${JSON.stringify({ query: 'keep my notes for later', called: ['write_file'], at: '2026-11-30T10:00:00.000Z' })}\n`);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function search(...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = fakeContext({ cwd: dir });
  const code = await runCli(['search', 'keep the recipe for later', '--catalog', 'catalog.json', '--feedback', '.loadout/feedback.jsonl', ...flags], run.context);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('search --feedback with learned.json', () => {
  it('names what runs (bm25f + learned) and shows the five largest learned features by name', async () => {
    await writeFile(join(dir, '.loadout', 'learned.json'), sealLearnedDecision({ enabled: true, usageWeight: 1, model: LEXICAL_RERANK_MODEL }));
    const run = await search('--explain');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(bm25f + learned, 2 tools)');
    // Each hit's block: `N. name  score S`, then its lines; the learned features line adds up to S.
    const blocks = run.stdout.split('Why they matched\n')[1]!.split(/\n(?=\d+\. )/);
    const features = blocks.filter((block) => block.includes('learned features:'));
    expect(features.length).toBeGreaterThan(0);
    for (const block of features) {
      const score = Number(/ score (-?\d+\.\d{3})/.exec(block)![1]);
      // `A +1.000, B -0.500 (3 more, +0.100 together); bias -2.000`
      const [, list, rest, bias] = /learned features: (.*?)(?: \(\d+ more, ([+-]\d+\.\d{3}) together\))?; bias ([+-]\d+\.\d{3})\n/.exec(`${block}\n`)!;
      const shown = list!.split(', ');
      expect(shown.length).toBeLessThanOrEqual(5);
      expect(shown.every((part) => /^[a-zA-Z][\w.]* [+-]\d+\.\d{3}$/.test(part))).toBe(true);
      const sizes = shown.map((part) => Math.abs(Number(part.split(' ')[1])));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      const total = shown.reduce((sum, part) => sum + Number(part.split(' ')[1]), Number(rest ?? 0) + Number(bias));
      expect(Math.abs(total - score)).toBeLessThan(0.01);
      expect(block).not.toMatch(/components: bias/);
    }
    expect(run.stdout).not.toMatch(/components:.*feature\./);
    const json = JSON.parse((await search('--json')).stdout) as { ranker: string; learned?: boolean };
    expect(json).toMatchObject({ ranker: 'bm25f', learned: true });
  });

  it.each([
    ['one changed byte', async (path: string) => {
      const bytes = await readFile(path);
      bytes[20] = bytes[20] === 0x31 ? 0x32 : 0x31;
      await writeFile(path, bytes);
    }, /checksum mismatch/],
    ['an unsealed (hand-written) file', (path: string) => writeFile(path, JSON.stringify({ enabled: true, usageWeight: 1 })), /not sealed/],
    ['weights of 1e308', (path: string) => writeFile(path, sealLearnedDecision({ enabled: true, usageWeight: 1, model: { ...LEXICAL_RERANK_MODEL, linear: LEXICAL_RERANK_MODEL.linear.map(() => 1e308) } })), /model\.linear\[0\] is not a finite number/],
    ['a usage weight out of range', (path: string) => writeFile(path, sealLearnedDecision({ enabled: true, usageWeight: 1e9 })), /"usageWeight" is not a number in 0–100/],
  ])('%s is a coded warning and the default ranker; --strict exits 2', async (_, damage, reason) => {
    const path = join(dir, '.loadout', 'learned.json');
    await writeFile(path, sealLearnedDecision({ enabled: true, usageWeight: 1, model: LEXICAL_RERANK_MODEL }));
    await damage(path);
    const warned = await search();
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(reason);
    expect(warned.stderr).toMatch(/searching without usage \[learned-decision-invalid\]\n/);
    expect(warned.stdout).toContain('(bm25f, 2 tools)');
    expect(warned.stdout).not.toContain('null');
    const strict = await search('--strict');
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/\[learned-decision-invalid\]\n$/);
    expect(strict.stdout).toBe('');
  });
});
