/** A wait for a process signal; see {@link waitForSignal}. */
export interface SignalWait {
  /** Resolves on the first of the signals. */
  readonly received: Promise<void>;
  /** Stops listening (the promise then never resolves). */
  cancel(): void;
}

/** Waits for the first of `signals` (default SIGINT and SIGTERM), then stops listening for them. */
export function waitForSignal(signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM']): SignalWait {
  let stop: () => void = () => {};
  const cancel = (): void => {
    for (const signal of signals) process.off(signal, stop);
  };
  const received = new Promise<void>((resolve) => {
    stop = () => {
      cancel();
      resolve();
    };
    for (const signal of signals) process.on(signal, stop);
  });
  return { received, cancel };
}
