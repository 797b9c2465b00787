import { findGlobalReferences } from '../browser-bundle/find-global-references.js';

/** Globals `code` (an ES module) uses that `available` lacks, each with the offset of its first use; sorted by name. */
export function missingGlobals(code: string, available: ReadonlySet<string>): { readonly name: string; readonly start: number }[] {
  const first = new Map<string, number>();
  for (const { name, start } of findGlobalReferences(code)) if (!available.has(name) && !first.has(name)) first.set(name, start);
  return [...first].map(([name, start]) => ({ name, start })).sort((a, b) => (a.name < b.name ? -1 : 1));
}
