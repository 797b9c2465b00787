import { isLoadoutError } from '@loadout/core';

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

/** The status when the catalog or index did not load. */
export function loadFailedText(error: unknown): string {
  return `Could not load the tools: ${describeError(error)}`;
}

/** Why a loaded catalog cannot be searched (`problem`, a coded error, or no tools), or undefined when it can. */
export function blockedText(problem: unknown, tools: number): string | undefined {
  if (problem !== undefined) return `Cannot search: ${describeError(problem)}`;
  return tools === 0 ? NO_TOOLS_TEXT : undefined;
}

/** The status once the catalog loaded: why searching cannot work, or the tool count. */
export function readyText(problem: unknown, tools: number): string {
  return blockedText(problem, tools) ?? `${tools.toLocaleString('en-US')} tools. Type to search.`;
}

/** The status after a search showed `count` results. */
export function foundText(count: number): string {
  return count === 0 ? 'No tool matches.' : `${count} ${count === 1 ? 'tool' : 'tools'} found.`;
}

/** The status when a search failed. */
export function searchFailedText(error: unknown): string {
  return `Search failed: ${describeError(error)}`;
}

/** The status after the user picked the tool `name`. */
export function selectedText(name: string): string {
  return `Selected ${name}.`;
}
