/** What {@link sayWhenInterrupted} needs of the process: Node's `process` has it; a test passes an `EventEmitter`. */
export interface InterruptSignals {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** Where {@link sayWhenInterrupted} listens and how it ends the process; injectable for tests. */
export interface InterruptOptions {
  /** Default: `process`. */
  readonly signals?: InterruptSignals;
  /** Default: `process.exit`. */
  readonly exit?: (code: number) => void;
}

/**
 * Until the returned function is called, a SIGINT (Ctrl-C) or SIGTERM writes
 * `note()` (the state the interrupted work leaves, e.g. events imported and
 * the decision unchanged) and exits 130 or 143, the codes the signal alone
 * would give, instead of ending without a word.
 */
export function sayWhenInterrupted(write: (text: string) => void, note: () => string, options: InterruptOptions = {}): () => void {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const listeners = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const listener = (): void => {
      write(note());
      exit(signal === 'SIGINT' ? 130 : 143);
    };
    signals.once(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) signals.off(signal, listener);
  };
}
