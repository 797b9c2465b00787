// Entry of `pnpm bench`. Re-runs itself under
// `node --expose-gc --conditions=development --import tsx` when garbage
// collection is not exposed (heap deltas need it) or the workspace would load
// from dist/ (the `development` export condition points @loadout/* at their
// TypeScript sources), then runs the benchmark parts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD_MARKER = 'LOADOUT_BENCH_CHILD';

function tsxLoader(): string | undefined {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
}

const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
const fromSources = import.meta.resolve('@loadout/core').endsWith('/src/index.ts');
const loader = (hasGc && fromSources) || process.env[CHILD_MARKER] === '1' ? undefined : tsxLoader();

if (loader !== undefined) {
  const child = spawnSync(process.execPath, ['--expose-gc', '--conditions=development', '--import', loader, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [CHILD_MARKER]: '1' },
  });
  process.exit(child.status ?? 1);
}

if (!hasGc) process.stderr.write('[bench] --expose-gc unavailable: memory figures will be missing\n');
if (!fromSources) process.stderr.write('[bench] @loadout/* resolve to dist/, not the sources: run with --conditions=development\n');
const { runBenchmarks } = await import('./run-benchmarks.js');
process.exitCode = await runBenchmarks(process.argv.slice(2));
