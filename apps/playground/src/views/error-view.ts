import { isLoadoutError } from '@loadout/core';
import { h, replaceChildren } from './dom.js';

/** The code and message of a thrown value: a `LoadoutError`'s own, else `error`. */
export function describeError(error: unknown): { code: string; message: string } {
  if (isLoadoutError(error)) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'error', message: error.message };
  return { code: 'error', message: String(error) };
}

/** Shows an error (its `LoadoutError` code and message) in `slot`, or clears it when `error` is undefined. */
export function showError(slot: HTMLElement, error: unknown): void {
  if (error === undefined) {
    slot.hidden = true;
    replaceChildren(slot);
    return;
  }
  const { code, message } = describeError(error);
  slot.hidden = false;
  replaceChildren(slot, h('code', { class: 'error-code' }, code), ' ', h('span', { class: 'error-message' }, message));
}

/** An empty, hidden error slot announced to screen readers when filled. */
export function errorSlot(id: string): HTMLElement {
  return h('p', { id, class: 'error', role: 'alert', hidden: true });
}
