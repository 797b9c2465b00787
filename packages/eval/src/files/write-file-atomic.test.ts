import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './write-file-atomic.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-atomic-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The id of a process that has exited. */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('writeFileAtomic', () => {
  it('writes the whole text and leaves no temporary file', async () => {
    await writeFileAtomic('out.json', folder, '{"a":1}\n');
    expect(readFileSync(join(folder, 'out.json'), 'utf8')).toBe('{"a":1}\n');
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it("removes what a killed write of the same file left, and nothing else's", async () => {
    const dead = exitedPid();
    const left = `.index.bin.${dead}.0a1b2c3d.tmp`;
    const live = `.index.bin.${process.ppid}.0a1b2c3d.tmp`;
    const others = [`.other.bin.${dead}.0a1b2c3d.tmp`, `.index.bin.${dead}.notours.tmp`, 'index.bin.notes'];
    for (const name of [left, live, ...others]) writeFileSync(join(folder, name), 'partial');
    await writeFileAtomic('index.bin', folder, 'complete');
    const names = readdirSync(folder);
    expect(names).not.toContain(left);
    expect(names).toEqual(expect.arrayContaining([live, ...others]));
    expect(readFileSync(join(folder, 'index.bin'), 'utf8')).toBe('complete');
  });
});
