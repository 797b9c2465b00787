import type { RankerAvailability } from '@loadout/browser';

/**
 * The ranker the page starts with: the engine registry's default. The
 * picker lists the engine's own `rankers()` once the worker answers (the
 * browser-safe built-ins, then the embedding rankers, each with whether its
 * files are here); the page never builds a registry itself, so its bundle
 * holds no ranker code.
 */
export const DEFAULT_RANKER = 'bm25f';

/** True for a string that can name a ranker (from a shared URL); whether the engine offers it is known when its list arrives. */
export function isRankerName(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(value);
}

/** The choice named `name` in `choices`, or undefined. */
export function rankerChoice(choices: readonly RankerAvailability[], name: string): RankerAvailability | undefined {
  return choices.find((choice) => choice.name === name);
}

/** The line under the picker: the ranker's description and how it reads a query, or why it cannot run here. */
export function rankerHelp(choice: RankerAvailability | undefined): string {
  if (choice === undefined) return '';
  if (!choice.available) return `Unavailable: ${choice.reason ?? 'its files are missing'}.`;
  return choice.queryKind === 'pattern' ? `${choice.description} The query is a regular expression.` : choice.description;
}

/** The picker label of a choice: its name, marked when it cannot run here. */
export function rankerLabel(choice: RankerAvailability): string {
  return choice.available ? choice.name : `${choice.name} (unavailable)`;
}

/**
 * Milliseconds to wait after a keystroke before searching with a ranker
 * whose last search took `lastEngineMs` in the engine: that long, from 8
 * to 150 ms (slower rankers wait longer, so typing never queues searches;
 * BM25F answers within a keystroke); 8 ms before its first search.
 * Measured, not looked up by name.
 */
export function debounceFor(lastEngineMs: number | undefined): number {
  if (lastEngineMs === undefined || !Number.isFinite(lastEngineMs)) return 8;
  return Math.min(150, Math.max(8, Math.round(lastEngineMs)));
}
