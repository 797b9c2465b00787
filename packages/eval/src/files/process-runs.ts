/**
 * Whether process `pid` is running: signal 0 probes without signalling,
 * and EPERM means it runs as another user. Not a positive whole number:
 * false.
 */
export function processRuns(pid: number): boolean {
  try {
    return Number.isSafeInteger(pid) && pid > 0 && process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
