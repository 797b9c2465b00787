/** Settings of the periodic MCP `ping` of each upstream. */
export interface LivenessOptions {
  /** Time between pings of a ready upstream, in ms; 0 turns pinging off. 0–86,400,000; default 15,000. */
  readonly intervalMs?: number;
  /** Longest wait for a ping's answer, in ms. 1–86,400,000; default 5,000. */
  readonly timeoutMs?: number;
  /** Pings in a row without an answer that mark the upstream lost (then it is reconnected). 1–100; default 2. */
  readonly missed?: number;
}

/** Default {@link LivenessOptions.intervalMs}. */
export const DEFAULT_PING_INTERVAL_MS = 15_000;
/** Default {@link LivenessOptions.timeoutMs}. */
export const DEFAULT_PING_TIMEOUT_MS = 5_000;
/** Default {@link LivenessOptions.missed}. */
export const DEFAULT_PINGS_MISSED = 2;

/**
 * Pings with `ping` every `intervalMs` (one at a time) until stopped; after
 * `missed` pings in a row fail or time out, calls `onDead` once with the last
 * reason. The timer does not keep the process alive.
 */
export function startPinging(
  ping: (timeoutMs: number) => Promise<unknown>,
  options: Required<LivenessOptions>,
  onDead: (reason: string) => void,
): () => void {
  if (options.intervalMs === 0) return () => {};
  let stopped = false;
  let misses = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void beat(), options.intervalMs);
    timer.unref?.();
  };
  const beat = async (): Promise<void> => {
    try {
      await ping(options.timeoutMs);
      misses = 0;
    } catch (error) {
      if (stopped) return;
      misses += 1;
      if (misses >= options.missed) {
        stopped = true;
        const reason = (error instanceof Error ? error.message : String(error)).replace(/^MCP error -?\d+: /, '');
        onDead(`${misses} pings in a row failed (timeout ${options.timeoutMs} ms; last: ${reason})`);
        return;
      }
    }
    schedule();
  };
  schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
