import type { EvaluationProgress } from '@loadout/eval';

/** Writes one progress line to stderr. */
export function logProgress(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/**
 * A throttled `onProgress` for `evaluateRanker`: one line when a build starts
 * and ends, then query progress at most every `everyMs` (default 2000) and
 * at the end.
 */
export function createProgressReporter(label: string, everyMs = 2000): (progress: EvaluationProgress) => void {
  let last = performance.now();
  return ({ phase, done, total, elapsedMs }) => {
    if (phase === 'build') {
      logProgress(done === 0 ? `${label}: indexing ${total} tools…` : `${label}: indexed in ${(elapsedMs / 1000).toFixed(2)} s`);
      return;
    }
    const now = performance.now();
    if (done < total && now - last < everyMs) return;
    last = now;
    logProgress(`${label}: ${done}/${total} queries (${(elapsedMs / 1000).toFixed(1)} s)`);
  };
}
