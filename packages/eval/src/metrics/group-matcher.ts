import { createLoadoutError } from '@loadout/core';
import type { GoldGroups } from './gold-groups.js';

/**
 * Walks a ranked list and tells, for each name, which not-yet-credited gold
 * groups it credits. A name in several groups credits all of them at once.
 */
export interface GroupMatcher {
  /** Credits every uncredited group containing `name`; returns how many it credited. */
  credit(name: string): number;
  /** Groups credited so far. */
  readonly credited: number;
}

/** Throws `invalid-input` when there are no groups or a group is empty. */
export function createGroupMatcher(groups: GoldGroups): GroupMatcher {
  if (groups.length === 0 || groups.some((group) => group.length === 0)) {
    throw createLoadoutError('invalid-input', '@loadout/eval: a query needs at least one non-empty gold group', {
      groups: groups.length,
    });
  }
  const groupsByName = new Map<string, number[]>();
  groups.forEach((group, index) => {
    for (const name of group) {
      const list = groupsByName.get(name);
      if (list === undefined) groupsByName.set(name, [index]);
      else list.push(index);
    }
  });
  const done = new Array<boolean>(groups.length).fill(false);
  let credited = 0;
  return {
    credit(name) {
      let count = 0;
      for (const index of groupsByName.get(name) ?? []) {
        if (done[index]) continue;
        done[index] = true;
        count++;
      }
      credited += count;
      return count;
    },
    get credited() {
      return credited;
    },
  };
}

/** Throws `invalid-option` unless `k` is a positive integer. */
export function checkCutoff(k: number): void {
  if (!Number.isSafeInteger(k) || k < 1) {
    throw createLoadoutError('invalid-option', `@loadout/eval: cutoff k must be a positive integer (got ${String(k)})`, { k });
  }
}
