/** A wait for a process signal; see {@link waitForSignal}. */
export interface SignalWait {
  /** Resolves on the first of the signals. */
  readonly received: Promise<void>;
  /** Stops listening: a later signal has its default action again (the promise, if not yet resolved, never resolves). */
  cancel(): void;
}

/**
 * Waits for the first of `signals` (default SIGINT and SIGTERM). Until
 * {@link SignalWait.cancel}, later ones go to `onRepeat` instead of their
 * default action: a second Ctrl-C during a shutdown must not end the process
 * before it has stopped its upstreams (they were left running with PPID 1).
 */
export function waitForSignal(signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'], onRepeat: (signal: NodeJS.Signals) => void = () => {}): SignalWait {
  let heard = false;
  let listener: (signal: NodeJS.Signals) => void = () => {};
  const received = new Promise<void>((resolve) => {
    listener = (signal) => {
      if (heard) return onRepeat(signal);
      heard = true;
      resolve();
    };
    for (const signal of signals) process.on(signal, listener);
  });
  return {
    received,
    cancel() {
      for (const signal of signals) process.off(signal, listener);
    },
  };
}
