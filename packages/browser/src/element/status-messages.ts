import { isLoadoutError } from '@loadout/core';
import type { CatalogIssue } from '@loadout/core';

/** The status while the element has neither `catalog` nor `index`. */
export const NO_SOURCE_TEXT = 'No tools: set the catalog or index attribute.';

/** The status while the catalog or index loads. */
export const LOADING_TEXT = 'Loading tools…';

/** The status for a catalog that loaded with no tools. */
export const NO_TOOLS_TEXT = 'The catalog has no tools.';

/** An error as the status line shows it: its message, and a Loadout error's code in brackets, as the CLI prints it. */
export function describeError(error: unknown): string {
  if (isLoadoutError(error)) return `${error.message} [${error.code}]`;
  return error instanceof Error ? error.message : String(error);
}

/** `count` and the noun, singular for one: `1 tool`, `2 tools`, `10,001 tools`. */
export function toolCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'tool' : 'tools'}`;
}

/** The status when the catalog or index did not load (`error` as `elementError` gives it: a `catalog-too-large` one names the `max-tools` attribute). */
export function loadFailedText(error: unknown): string {
  return `Could not load the tools: ${describeError(error)}`;
}

/** The status while the loaded tools are indexed (or their index restored). */
export function indexingText(tools: number): string {
  return `Indexing ${toolCount(tools)}…`;
}

/** Up to this many skipped tools are named one by one in the status; more are counted by code. */
const NAMED_SKIPS = 3;

/**
 * A skipped tool as the status names it, as its issue's message does: by
 * its name (cut at 40 characters) when the message quotes that name, else by
 * its position (`tool at index 2`, 0-based as in the message; a duplicate's
 * message quotes its display name, `mcp__github__create_issue`, not its name).
 */
function skippedTool(issue: CatalogIssue): string {
  const { name } = issue;
  const named = name !== undefined && issue.message.includes(JSON.stringify(name));
  const label = named ? (name.length > 40 ? `${name.slice(0, 39)}…` : name) : `tool at index ${issue.index ?? 0}`;
  return `${label} (${issue.code})`;
}

/**
 * The skipped tools, or '' when none: each named with its code when there
 * are at most 3 (` (1 skipped: deep_tool (catalog-invalid-schema))`),
 * otherwise counted with the codes why, each once, in order
 * (` (4 skipped: catalog-missing-name, catalog-duplicate-name)`).
 */
export function skippedText(issues: readonly CatalogIssue[]): string {
  if (issues.length === 0) return '';
  const why = issues.length <= NAMED_SKIPS ? issues.map(skippedTool) : [...new Set(issues.map((issue) => issue.code))];
  return ` (${issues.length.toLocaleString('en-US')} skipped: ${why.join(', ')})`;
}

/** Why a loaded catalog cannot be searched (`problem`, a coded error, or no tools), or undefined when it can. */
export function blockedText(problem: unknown, tools: number): string | undefined {
  if (problem !== undefined) return `Cannot search: ${describeError(problem)}`;
  return tools === 0 ? NO_TOOLS_TEXT : undefined;
}

/** The status once the catalog loaded: why searching cannot work, or the tool count and the skipped tools. */
export function readyText(problem: unknown, tools: number, issues: readonly CatalogIssue[] = []): string {
  const blocked = blockedText(problem, tools);
  if (blocked !== undefined) return tools === 0 && problem === undefined ? `${blocked.slice(0, -1)}${skippedText(issues)}.` : blocked;
  return `${toolCount(tools)}${skippedText(issues)}. Type to search.`;
}

/** The status for a query without a letter or a digit (emoji, punctuation): nothing in it can match a tool. */
export const NO_WORDS_TEXT = 'No tool matches: the query has no letters or digits to search for.';

/** The status after a search for `query` showed `count` results; none for a query without a letter or digit says why. */
export function foundText(count: number, query = ''): string {
  if (count > 0) return `${toolCount(count)} found.`;
  return query !== '' && !/[\p{L}\p{N}]/u.test(query) ? NO_WORDS_TEXT : 'No tool matches.';
}

/** The status when a search failed. */
export function searchFailedText(error: unknown): string {
  return `Search failed: ${describeError(error)}`;
}

/** The status after the user picked the tool `name`. */
export function selectedText(name: string): string {
  return `Selected ${name}.`;
}
