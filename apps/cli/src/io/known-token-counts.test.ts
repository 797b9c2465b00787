import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { damageOutcome, resealFrame } from '@loadout/core/test';
import { decodeKnownTokenCounts, encodeKnownTokenCounts, readKnownTokenCounts } from './known-token-counts.js';

const table = { counterId: 'tiktoken:o200k_base', counts: { abc: 12, def: 0 } };

function code(read: () => unknown): string {
  const outcome = damageOutcome(read);
  return outcome;
}

describe('the token-count cache', () => {
  it('round-trips, and every flipped bit is token-cache-invalid', () => {
    const bytes = encodeKnownTokenCounts(table);
    expect(Object.fromEntries(decodeKnownTokenCounts(bytes).counts)).toEqual(table.counts);
    for (let position = 0; position < bytes.length; position++) {
      for (let bit = 0; bit < 8; bit++) {
        const copy = bytes.slice();
        copy[position]! ^= 1 << bit;
        expect(code(() => decodeKnownTokenCounts(copy)), `byte ${position} bit ${bit}`).toBe('token-cache-invalid');
      }
    }
  });

  it.each([
    ['a negative count', -1],
    ['a fraction', 1.5],
    ['a count of 1e308', 1e308],
    ['a string', '7'],
    ['null', null],
  ])('refuses %s even with a valid checksum', (_, count) => {
    const sealed = encodeKnownTokenCounts({ counterId: 'x', counts: { abc: count as number } });
    expect(code(() => decodeKnownTokenCounts(resealFrame(sealed)))).toBe('token-cache-invalid');
  });

  it('reads no file as no table, and a damaged file as a coded problem naming the file', () => {
    const folder = mkdtempSync(join(fileURLToPath(new URL('../../', import.meta.url)), '.loadout-token-cache-'));
    try {
      expect(readKnownTokenCounts(new URL(`file://${join(folder, 'none.ldtc')}`))).toEqual({});
      writeFileSync(join(folder, 'old.ldtc'), JSON.stringify(table));
      const { table: read, problem } = readKnownTokenCounts(new URL(`file://${join(folder, 'old.ldtc')}`));
      expect(read).toBeUndefined();
      expect(problem?.code).toBe('token-cache-invalid');
      expect(problem?.message).toMatch(/token-count cache is damaged \(bad magic bytes\); counting with the tokenizer instead/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

// The built CLI with its cache damaged (a copy of dist beside it, so packages resolve as for dist):
// the demo catalog's plan is the tokenizer's, with a coded warning; --strict makes it exit 2.
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const copy = mkdtempSync(join(fileURLToPath(new URL('../../', import.meta.url)), '.loadout-damaged-dist-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function plan(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(copy, 'main.js'), 'plan', '--json', '--clean-env', ...args], { env: { PATH: process.env['PATH'] ?? '' } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

describe('loadout plan with a damaged token-count cache', () => {
  it('warns with token-cache-invalid and plans with the tokenizer; --strict exits 2', async () => {
    const intact = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [join(dist, 'main.js'), 'plan', '--json', '--clean-env'], { env: { PATH: process.env['PATH'] ?? '' } }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    cpSync(dist, copy, { recursive: true });
    const bytes = readFileSync(join(copy, 'demo-token-counts.ldtc'));
    // Zero one count's digits, as the probe did: the checksum catches it.
    const text = Buffer.from(bytes).toString('latin1').replace(/":(\d+)/, (_, digits: string) => `":${'0'.repeat(digits.length)}`);
    writeFileSync(join(copy, 'demo-token-counts.ldtc'), Buffer.from(text, 'latin1'));
    const warned = await plan([]);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/^loadout plan: warning: .*demo-token-counts\.ldtc: the build's token-count cache is damaged \(checksum mismatch\).*\[token-cache-invalid\]\n$/);
    expect(JSON.parse(warned.stdout)).toEqual(JSON.parse(intact));
    const strict = await plan(['--strict']);
    expect(strict.code).toBe(2);
    expect(JSON.parse(strict.stdout)).toMatchObject({ error: { code: 'strict-failed' } });
  });
});
