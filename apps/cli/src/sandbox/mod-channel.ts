import { receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

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
  | { readonly type: 'ready' }
  | { readonly type: 'describe'; readonly mod: string; readonly event: unknown }
  | { readonly type: 'next'; readonly event: unknown }
  | { readonly type: 'answer'; readonly value: unknown }
  /** `code` `config-untrusted`: the file changed between its check and its import (TypeScript only). */
  | { readonly type: 'error'; readonly message: string; readonly code?: 'config-untrusted' };

/** Posts `message` and raises `slot` so the blocked side wakes. */
export function post(channel: ModChannel, slot: number, message: ModMessage): void {
  channel.port.postMessage(message);
  Atomics.store(channel.flags, slot, 1);
  Atomics.notify(channel.flags, slot);
}

/** Blocks until `slot` is raised (then lowers it and returns the message), or `undefined` after `timeoutMs`. */
export function receive(channel: ModChannel, slot: number, timeoutMs: number): ModMessage | undefined {
  if (Atomics.wait(channel.flags, slot, 0, timeoutMs) === 'timed-out') return undefined;
  Atomics.store(channel.flags, slot, 0);
  return receiveMessageOnPort(channel.port)?.message as ModMessage | undefined;
}
