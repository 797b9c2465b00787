import { receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { ModFileFailure, ModSummary } from './mod-report.js';

/**
 * The synchronous message channel between the main thread and a mod worker.
 * A mod's `tool.describe` hook is synchronous, so the main thread posts a
 * message and blocks (`Atomics.wait`, with a deadline) until the other side
 * posts its answer and raises its flag; `next` calls from the worker back to
 * the main thread use the same channel in the other direction, and so does
 * a `describe` for another mod of the same file that the main thread reaches
 * while answering such a `next` (the worker, blocked in `next`, answers it
 * first). Slot 0 is raised by the worker, slot 1 by the main thread.
 */
export interface ModChannel {
  readonly flags: Int32Array;
  readonly port: MessagePort;
}

/** Which slot of `flags` each side raises when it has posted a message. */
export const WORKER_POSTED = 0;
export const MAIN_POSTED = 1;

/** A message on the channel. */
export type ModMessage =
  /** The file loaded: its mods, checked (see `modSummaries`). */
  | { readonly type: 'ready'; readonly mods?: readonly ModSummary[] }
  | { readonly type: 'describe'; readonly mod: string; readonly event: unknown }
  | { readonly type: 'next'; readonly event: unknown }
  | { readonly type: 'answer'; readonly value: unknown }
  /**
   * `code` `config-untrusted`: the file changed between its check and its import (TypeScript only).
   * `failure`: why the file, loading, has no mods (see `ModFileFailure`), as the config's load says it.
   */
  | { readonly type: 'error'; readonly message: string; readonly code?: 'config-untrusted'; readonly failure?: ModFileFailure };

/** Posts `message` and raises `slot` so the blocked side wakes. */
export function post(channel: ModChannel, slot: number, message: ModMessage): void {
  channel.port.postMessage(message);
  Atomics.store(channel.flags, slot, 1);
  Atomics.notify(channel.flags, slot);
}

/** How {@link receive} blocks and tells time; tests pass a fake to replay a wake-up that came late. */
export interface ChannelWaiting {
  /** Blocks while `flags[slot]` is `value`, at most `timeoutMs` (`Atomics.wait`'s contract). */
  wait(flags: Int32Array, slot: number, value: number, timeoutMs: number): 'ok' | 'not-equal' | 'timed-out';
  /** Milliseconds on a monotonic clock. */
  now(): number;
}

/** `Atomics.wait` and `performance.now`. */
export const ATOMICS_WAITING: ChannelWaiting = {
  wait: (flags, slot, value, timeoutMs) => Atomics.wait(flags, slot, value, timeoutMs),
  now: () => performance.now(),
};

/**
 * Blocks until `slot` is raised (then lowers it and returns the message), or
 * `undefined` after `timeoutMs`. A wake-up alone is not a message: `post`
 * raises the flag and then notifies, and when its thread pauses between the
 * two, the receiver may already have seen the flag, taken the message, and
 * be waiting for the next one when that notify arrives. So the flag is
 * checked (and lowered) after every wake-up, and a wake-up that finds it
 * down waits again for the time left.
 */
export function receive(channel: ModChannel, slot: number, timeoutMs: number, waiting: ChannelWaiting = ATOMICS_WAITING): ModMessage | undefined {
  const deadline = waiting.now() + timeoutMs;
  while (Atomics.compareExchange(channel.flags, slot, 1, 0) !== 1) {
    const left = deadline - waiting.now();
    if (left > 0 && waiting.wait(channel.flags, slot, 0, left) !== 'timed-out') continue;
    // A flag raised at the deadline still counts.
    if (Atomics.compareExchange(channel.flags, slot, 1, 0) === 1) break;
    return undefined;
  }
  return receiveMessageOnPort(channel.port)?.message as ModMessage | undefined;
}
