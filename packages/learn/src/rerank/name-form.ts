import type { CatalogTool } from '@loadout/core';

/** Number of distinct {@link nameForm} values (0 .. NAME_FORMS − 1). */
export const NAME_FORMS = 28;

/**
 * A tool's naming convention as a small integer: its name's separator form
 * (`srv::tool` namespaced, `a.b` dotted, `snake_case`, `kebab-case`,
 * `camelCase`, words with spaces, one word; the first that applies, in that
 * order), whether it has a server, and whether its name holds a space.
 * Tools of one server, or of one ecosystem of servers, mostly share a form.
 */
export function nameForm(tool: CatalogTool): number {
  const name = tool.name;
  const separator = name.includes('::') ? 0 : name.includes('.') ? 1 : name.includes('_') ? 2 : name.includes('-') ? 3 : /[a-z][A-Z]/.test(name) ? 4 : name.includes(' ') ? 5 : 6;
  return separator * 4 + (tool.server === null ? 0 : 2) + (name.includes(' ') ? 1 : 0);
}
