import { isLoadoutError, type CatalogTool } from '@loadout/core';
import { createFileFeedbackStore, eventsByTime } from '@loadout/learn';
import type { ParsedFeedback } from '@loadout/learn';
import { redactUrl } from '@loadout/core/utils';
import { DEFAULT_MAX_FEEDBACK_BYTES, MAX_FEEDBACK_RANGE } from './max-feedback-flag.js';
import { isDatabaseStore, openDatabaseStore } from './open-feedback-store.js';

/** What the file is to the command: the store `loadout learn --compact` shrinks, or a file of events to import. */
export type FeedbackRole = { readonly kind: 'store'; readonly store: string } | { readonly kind: 'events' };

/**
 * Each name a feedback line may give a tool of `tools` as, with the display
 * names it means: a display name its tool; a tool's own name (a bare name)
 * that tool, or every tool of that name when several servers share it (it
 * names none of them: credited to all, it would teach usage no one had),
 * unless it is also one tool's display name (a core tool's): that tool.
 */
export function catalogToolNames(tools: readonly CatalogTool[]): Map<string, string[]> {
  const names = new Map(tools.map((tool) => [tool.displayName, [tool.displayName]]));
  const bare = new Map<string, string[]>();
  for (const tool of tools) if (!names.has(tool.name)) bare.set(tool.name, [...(bare.get(tool.name) ?? []), tool.displayName]);
  for (const [name, displayNames] of bare) names.set(name, displayNames);
  return names;
}

/**
 * Reads a feedback file (or a `postgres://` store) for a command, checked against `tools` (their
 * names and display names, each read as its tool's display name: {@link catalogToolNames};
 * undefined: any name, as written) and `maxBytes`. A file
 * over the limit becomes a `feedback-too-large` issue whose message says
 * what this user can do: compact the store, or split a file of events, or
 * pass a larger `--max-feedback`. A store's events come oldest first by
 * time (`eventsByTime`; every stored event has one), whatever order they
 * were appended in: an old log imported late, or imported again after
 * compaction, is history, not the newest usage.
 */
export async function readCommandFeedback(path: string, tools: readonly CatalogTool[] | undefined, role: FeedbackRole, maxBytes?: number): Promise<ParsedFeedback> {
  const limit = maxBytes ?? DEFAULT_MAX_FEEDBACK_BYTES;
  const readOptions = { maxBytes: limit, ...(tools === undefined ? {} : { toolNames: catalogToolNames(tools) }) };
  // A postgres:// store is read through its FeedbackStore; its rows parse as the file's lines do.
  const parsed = await (isDatabaseStore(path) ? await openDatabaseStore(path) : createFileFeedbackStore(path)).read(readOptions).catch((error: unknown) =>
    // A pipe or a device has no size to check beforehand: read up to the limit, it is the same issue as a file over it.
    isLoadoutError(error) && error.code === 'file-too-large' ? { events: [], issues: [{ code: 'feedback-too-large' as const, line: 0, message: error.message }] } : Promise.reject(error),
  );
  const remedy =
    role.kind === 'store'
      ? `compact it (loadout learn --compact --store ${isDatabaseStore(role.store) ? redactUrl(role.store) : role.store}) or pass a larger --max-feedback BYTES (up to ${MAX_FEEDBACK_RANGE.max})`
      : `split it into smaller files, or pass a larger --max-feedback BYTES (up to ${MAX_FEEDBACK_RANGE.max})`;
  return {
    events: role.kind === 'store' ? [...eventsByTime(parsed.events)] : parsed.events,
    issues: parsed.issues.map((issue) =>
      issue.code === 'feedback-too-large' ? { ...issue, message: `${isDatabaseStore(path) ? redactUrl(path) : path} is over the --max-feedback limit of ${limit} bytes; ${remedy}` } : issue,
    ),
  };
}
