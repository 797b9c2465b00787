import type { Catalog, CatalogIssue } from './catalog.js';
import { catalogIssueError } from './catalog-issue-error.js';

/**
 * Puts issues found before validation (while reading listings) in front of a
 * catalog's own. With `strict`, throws the first of them instead; call it
 * before validating so that the earliest problem is the one thrown.
 */
export function withEarlierIssues(catalog: () => Catalog, issues: readonly CatalogIssue[], strict: boolean): Catalog {
  if (strict && issues.length > 0) throw catalogIssueError(issues[0]!);
  const result = catalog();
  if (issues.length === 0) return result;
  return Object.freeze({ ...result, issues: Object.freeze([...issues, ...result.issues]) });
}
