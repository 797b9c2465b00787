import { createLoadoutError } from '../errors/loadout-error.js';
import type { LoadoutError } from '../errors/loadout-error.js';
import type { CatalogIssue } from './catalog.js';

/** The `LoadoutError` a strict catalog throws for an issue; details carry index, name and source. */
export function catalogIssueError(issue: CatalogIssue): LoadoutError {
  const details: Record<string, unknown> = {};
  if (issue.index !== undefined) details['index'] = issue.index;
  if (issue.name !== undefined) details['name'] = issue.name;
  if (issue.source !== undefined) details['source'] = issue.source;
  return createLoadoutError(issue.code, issue.message, details);
}
