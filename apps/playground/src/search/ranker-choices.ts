import { listEngineRankers } from '@loadout/browser';
import type { EngineRankerSummary } from '@loadout/browser';

/**
 * The rankers the page's engine offers, in picker order: those of the
 * engine's registry (`@loadout/browser`'s `listEngineRankers`: the
 * browser-safe built-ins of `@loadout/rankers`, then the engine's
 * embedding rankers), each shown by its name and its definition's
 * description. A ranker registered there appears here with no change.
 */
export const RANKER_CHOICES: readonly EngineRankerSummary[] = listEngineRankers();

/** The ranker the page starts with: the registry's default, listed first. */
export const DEFAULT_RANKER = RANKER_CHOICES[0]?.name ?? 'bm25f';

/** The choice named `name`, or undefined for a ranker the engine does not offer. */
export function rankerChoice(name: string): EngineRankerSummary | undefined {
  return RANKER_CHOICES.find((choice) => choice.name === name);
}

/** True for a ranker the page offers. */
export function isRankerName(value: unknown): value is string {
  return typeof value === 'string' && rankerChoice(value) !== undefined;
}

/** The line under the picker for `name`: its description, and how it reads a query. */
export function rankerHelp(name: string): string {
  const choice = rankerChoice(name);
  if (choice === undefined) return '';
  return choice.queryKind === 'pattern' ? `${choice.description} The query is a regular expression.` : choice.description;
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
