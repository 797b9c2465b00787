import type { UsageEvent } from '@loadout/core';

/** `events` oldest first by `at` (stable; no `at` means now, so newest); `events` itself when already in that order. */
export function eventsByTime<T extends UsageEvent>(events: readonly T[]): readonly T[] {
  const time = (event: T): number => event.at ?? Number.POSITIVE_INFINITY;
  for (let index = 1; index < events.length; index++) {
    if (time(events[index]!) < time(events[index - 1]!)) return [...events].sort((a, b) => (time(a) === time(b) ? 0 : time(a) < time(b) ? -1 : 1));
  }
  return events;
}
