import type { ChildProcess } from 'node:child_process';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { listDescendants, terminateProcesses } from './process-tree.js';

/** Default {@link StopProcessTreeOptions.graceMs}. */
export const DEFAULT_DESCENDANT_GRACE_MS = 1000;

/** Options of {@link stopProcessTreeOnClose}. */
export interface StopProcessTreeOptions {
  /**
   * How long the upstream gets to exit once its stdin is closed, then after
   * SIGTERM, before SIGKILL; and its own children after SIGTERM. In ms.
   * Default 1,000 (so a local upstream is gone within about 3 s).
   */
  readonly graceMs?: number;
}

/** Whether `promise` settles within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}

function childOf(transport: StdioClientTransport): ChildProcess | undefined {
  const child = (transport as unknown as { _process?: unknown })._process;
  return typeof child === 'object' && child !== null && typeof (child as ChildProcess).once === 'function' ? (child as ChildProcess) : undefined;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Runs `close` (the SDK's own teardown of `child`: its stdin closed, SIGTERM
 * after 2 s, SIGKILL after 2 more, done when its pipes close) on a shorter
 * clock, and stops what the upstream started itself, listed before it goes:
 * SIGTERM when it has not exited `graceMs` after its stdin closed, SIGKILL
 * `graceMs` later; then its descendants still running get SIGTERM, and
 * SIGKILL after `graceMs`. Without this a wrapper (`sh -c`, `npx`) dies but
 * its child is left running with parent PID 1, holding the pipes, so the
 * SDK's close waits for them and the gateway's process cannot exit.
 * Finally the pipes are destroyed.
 */
async function closeTree(child: ChildProcess | undefined, close: () => Promise<void>, graceMs: number): Promise<void> {
  if (child?.pid === undefined || hasExited(child)) return close();
  const descendants = listDescendants(child.pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const closing = close().catch(() => {});
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (hasExited(child) || (await settlesWithin(exited, graceMs))) break;
    child.kill(signal);
  }
  if (descendants.length > 0) await terminateProcesses(descendants, { graceMs });
  await settlesWithin(closing, graceMs);
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
}

/**
 * Makes `transport.close()` stop the upstream's whole process tree (see
 * {@link closeTree}); the transport stays the SDK's own class (its version
 * negotiation needs that exact class).
 */
export function stopProcessTreeOnClose(transport: StdioClientTransport, options: StopProcessTreeOptions = {}): void {
  const close = transport.close.bind(transport);
  const graceMs = options.graceMs ?? DEFAULT_DESCENDANT_GRACE_MS;
  transport.close = () => closeTree(childOf(transport), close, graceMs);
}

let probesStopTrees = false;

/**
 * The SDK probes a stdio server's protocol version on a short-lived sibling
 * process, reaped by its internal `_dispose` (SIGTERM, then SIGKILL): a
 * wrapper's child survives that too, one more orphan per connection attempt.
 * Wraps `_dispose` of the SDK's class once so the sibling's descendants are
 * stopped as well. Does nothing when the SDK no longer has `_dispose`.
 */
export function stopProbeProcessTrees(graceMs = DEFAULT_DESCENDANT_GRACE_MS): void {
  if (probesStopTrees) return;
  probesStopTrees = true;
  const prototype = StdioClientTransport.prototype as unknown as { _dispose?: (this: StdioClientTransport) => Promise<void> };
  const dispose = prototype._dispose;
  if (typeof dispose !== 'function') return;
  prototype._dispose = function (this: StdioClientTransport) {
    return closeTree(childOf(this), () => dispose.call(this), graceMs);
  };
}
