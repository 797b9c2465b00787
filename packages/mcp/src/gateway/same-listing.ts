import type { Tool } from '@modelcontextprotocol/server';

/**
 * Whether two listings of one upstream hold the same tools in the same
 * order, each the same as JSON (name, description, schemas, annotations,
 * `_meta`): an index generation built from either is the same. About a
 * millisecond per thousand tools; a new generation costs a ranker's start.
 */
export function sameListing(before: readonly Tool[], after: readonly Tool[]): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  for (let index = 0; index < before.length; index++) {
    if (JSON.stringify(before[index]) !== JSON.stringify(after[index])) return false;
  }
  return true;
}
