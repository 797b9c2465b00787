import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built module (`pnpm build` first), in a child whose stderr is a pipe: a plug-in's worker writes there itself.
const built = fileURLToPath(new URL('../../dist/sandbox/write-to-stderr.js', import.meta.url));

/** Runs `writes` writes of 1 kB in a child, its stderr read or never read; the child's time for them, in ms, and what was read. */
function run(writes: number, read: boolean): Promise<{ ms: number; stderr: string }> {
  const script = `process.stderr;\nconst { writeToStderr } = await import(${JSON.stringify(built)});\nconst start = Date.now();\nfor (let i = 0; i < ${writes}; i++) writeToStderr('x'.repeat(999) + '\\n');\nprocess.stdout.write(String(Date.now() - start));\nprocess.exit(0);\n`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  if (read) child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  else child.stderr.pause();
  return new Promise((resolve) => child.on('exit', () => resolve({ ms: Number(stdout), stderr })));
}

describe('writeToStderr', () => {
  it('writes everything to a stderr that is read', async () => {
    const { stderr } = await run(300, true);
    expect(stderr).toBe(`${'x'.repeat(999)}\n`.repeat(300));
  });

  it('gives up on a stderr nobody reads after one short wait, then drops at once: 2 MB in well under a second', async () => {
    const { ms } = await run(2000, false);
    expect(ms).toBeLessThan(1000);
  });
});
