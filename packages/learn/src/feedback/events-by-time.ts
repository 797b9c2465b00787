import type { UsageEvent } from '@loadout/core';

/** `events` oldest first by `at`, as a new array (stable; no `at` means now, so newest). */
export function eventsByTime<T extends UsageEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || 0);
}
