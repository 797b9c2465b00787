import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Parent of each running process, by pid: from `/proc` on Linux, else `ps`; empty when neither answers. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  if (process.platform === 'linux') {
    try {
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          // Field 4 of /proc/PID/stat, after the command name in parentheses (which may itself hold spaces and parentheses).
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          if (Number.isInteger(ppid)) parents.set(Number(entry), ppid);
        } catch {
          // The process ended while being read.
        }
      }
      return parents;
    } catch {
      // No /proc (a sandbox): try ps.
    }
  }
  if (process.platform === 'win32') return parents;
  try {
    const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 });
    for (const line of table.split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number);
      if (Number.isInteger(pid) && Number.isInteger(ppid)) parents.set(pid!, ppid!);
    }
  } catch {
    // No ps: only the direct child can be stopped.
  }
  return parents;
}

/**
 * Every process below `pid` (children, their children, …) at this moment,
 * nearest first. A local upstream is often a wrapper (`sh -c`, `npx`,
 * `uv run`) whose own child outlives it when the wrapper is killed, left
 * running with parent PID 1 and holding the gateway's pipes open: these are
 * the processes to stop after it. Empty on Windows and where neither `/proc`
 * nor `ps` can be read.
 */
export function listDescendants(pid: number): number[] {
  const parents = parentsByPid();
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) {
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [child]);
    else list.push(child);
  }
  const found: number[] = [];
  const queue = [pid];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      if (found.includes(child) || child === pid) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** True for a process that has exited and waits to be reaped (Linux); false where that cannot be read. */
function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** Whether a process with this id is running (signal 0 probes without killing); an exited one not yet reaped is not. */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Options of {@link terminateProcesses}. */
export interface TerminateProcessesOptions {
  /** How long SIGTERM may take before SIGKILL, in ms. */
  readonly graceMs: number;
  /** How often to look whether they exited, in ms. Default 25. */
  readonly pollMs?: number;
}

/**
 * Stops `pids` (not children of this process: their exit cannot be awaited
 * as an event): SIGTERM to each still running, then SIGKILL to those still
 * running after `graceMs`. Resolves once they are gone or SIGKILL was sent;
 * keeps the process alive until then (at most `graceMs`).
 */
export async function terminateProcesses(pids: readonly number[], options: TerminateProcessesOptions): Promise<void> {
  let running = pids.filter(isProcessRunning);
  for (const pid of running) signal(pid, 'SIGTERM');
  const deadline = Date.now() + options.graceMs;
  while (running.length > 0 && Date.now() < deadline) {
    // Not unref'd: in a process with nothing else left to do (a gateway shutting down while an upstream was still in
    // its handshake), an unref'd wait would let it exit here, before SIGKILL, leaving the processes running (PPID 1).
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 25));
    running = running.filter(isProcessRunning);
  }
  for (const pid of running) signal(pid, 'SIGKILL');
}
