// Entry of `pnpm bench`. Re-runs itself under `node --expose-gc --import tsx`
// when garbage collection is not exposed (heap deltas need it), then loads
// the workspace from its TypeScript sources and runs the benchmark parts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { registerWorkspaceSources } from './register-workspace-sources.js';

const CHILD_MARKER = 'LOADOUT_BENCH_CHILD';

function tsxLoader(): string | undefined {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
}

const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
const loader = hasGc || process.env[CHILD_MARKER] === '1' ? undefined : tsxLoader();

if (loader !== undefined) {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', loader, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [CHILD_MARKER]: '1' },
  });
  process.exit(child.status ?? 1);
}

if (!hasGc) process.stderr.write('[bench] --expose-gc unavailable: memory figures will be missing\n');
registerWorkspaceSources();
const { runBenchmarks } = await import('./run-benchmarks.js');
process.exitCode = await runBenchmarks(process.argv.slice(2));
