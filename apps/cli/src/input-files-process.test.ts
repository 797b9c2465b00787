import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built CLI (`pnpm build` first) reading what is not a regular file: devices, pipes, standard input.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const folder = mkdtempSync(join(tmpdir(), 'loadout-input-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };
writeFileSync(join(folder, 'tools.json'), JSON.stringify([{ name: 'send_mail', description: 'send an email' }, { name: 'get_weather', description: 'weather forecast for a city' }]));
writeFileSync(join(folder, 'queries.jsonl'), '{"query": "send an email", "relevant": ["send_mail"]}\n');

/** Runs `script` in bash in the folder, killed after 30 s (a read without limit would run until then). */
function shell(script: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', script], { cwd: folder, env, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const cli = `node ${JSON.stringify(main)}`;

describe('a file that never ends is read up to a limit', () => {
  it.each([
    [`search x --catalog /dev/zero`, 'catalog-too-large', 'loadout search: catalog /dev/zero is larger than 256 MiB, the most loadout reads of a file: give a smaller one [catalog-too-large]'],
    [`eval --tools /dev/zero --queries queries.jsonl`, 'catalog-too-large', 'loadout eval: catalog /dev/zero is larger than 256 MiB'],
    [`eval --tools tools.json --queries /dev/zero`, 'file-too-large', 'loadout eval: queries file /dev/zero is larger than 256 MiB'],
    [`learn /dev/zero --store store/feedback.jsonl --max-feedback 100000`, 'feedback-too-large', 'loadout learn: /dev/zero is over the --max-feedback limit of 100000 bytes'],
  ])('loadout %s: exit 2 [%s], the path and the limit named', (command, code, words) => {
    const run = shell(`${cli} ${command}`);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(words);
    expect(run.stderr).toContain(`[${code}]`);
  });
});

describe('pipes and standard input', () => {
  it('reads --tools from <(…) and --queries from /dev/stdin', () => {
    const run = shell(`cat queries.jsonl | ${cli} eval --tools <(cat tools.json) --queries /dev/stdin --json`);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ queries: 1, tools: 2, 'recall@5': 1 });
  });

  it('--queries - and --tools - name /dev/stdin: "-" is a file name here', () => {
    const queries = shell(`${cli} eval --tools tools.json --queries - < queries.jsonl`);
    expect(queries.status).toBe(2);
    expect(queries.stderr).toBe(`loadout eval: queries file not found: ${join(folder, '-')} ("-" is a file name here; standard input is /dev/stdin) [file-not-found]\n`);
    const tools = shell(`${cli} search mail --catalog - < tools.json`);
    expect(tools.status).toBe(2);
    expect(tools.stderr).toBe('loadout search: no such file: - ("-" is a file name here; standard input is /dev/stdin) [file-not-found]\n');
  });
});
