import { describeValue } from '@loadout/core';
import type { Catalog, CatalogIssue, CatalogTool, LoadoutErrorCode, ToolInput } from '@loadout/core';

/**
 * Most levels a tool's `inputSchema` (or `_meta`) may nest in the browser
 * engine: a tool nesting deeper is skipped, with `catalog-invalid-schema`
 * (`catalog-invalid-tool` for `_meta`), because a worker's answers that
 * carry the tool must stay within the depth it can post to the page
 * (`WORKER_RESPONSE_MAX_DEPTH`, this plus the answer's own levels). An
 * object that refers to itself (only one built in code can) nests without
 * end and is skipped too.
 */
export const MAX_INPUT_SCHEMA_DEPTH = 1000;

/** Whether `value` nests more than `limit` levels (a scalar is 0, `{}` is 1). Stops at the first branch past the limit. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (nestsDeeperThan(value[index], limit - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && nestsDeeperThan((value as Record<string, unknown>)[key], limit - 1)) return true;
  }
  return false;
}

/** The fields checked, each with the code of the issue that skips a tool nesting too deep in it. */
const FIELDS: readonly (readonly ['inputSchema' | '_meta', LoadoutErrorCode])[] = [
  ['inputSchema', 'catalog-invalid-schema'],
  ['_meta', 'catalog-invalid-tool'],
];

/** A tool too deep to load: its position in the input, its name, and the field too deep (kept by reference in the catalog). */
export interface DeepTool {
  readonly index: number;
  readonly name: unknown;
  readonly field: 'inputSchema' | '_meta';
  readonly code: LoadoutErrorCode;
  readonly value: object;
}

/** The tools of `tools` whose `inputSchema` or `_meta` nests deeper than {@link MAX_INPUT_SCHEMA_DEPTH}, in input order. */
export function findDeepTools(tools: readonly ToolInput[]): DeepTool[] {
  const found: DeepTool[] = [];
  for (let index = 0; index < tools.length; index++) {
    const tool: unknown = tools[index];
    if (typeof tool !== 'object' || tool === null) continue;
    for (const [field, code] of FIELDS) {
      const value: unknown = (tool as Record<string, unknown>)[field];
      if (typeof value === 'object' && value !== null && nestsDeeperThan(value, MAX_INPUT_SCHEMA_DEPTH)) {
        found.push({ index, name: (tool as Record<string, unknown>)['name'], field, code, value });
        break;
      }
    }
  }
  return found;
}

/** The issue that skips `tool`, naming it and its position as core's catalog issues do. */
export function deepToolIssue(tool: DeepTool, source: string): CatalogIssue {
  const name = typeof tool.name === 'string' && tool.name !== '' ? tool.name : undefined;
  const label = name === undefined ? '' : ` (${describeValue(name)})`;
  const limit = MAX_INPUT_SCHEMA_DEPTH.toLocaleString('en-US');
  return {
    code: tool.code,
    message: `${source}: tool at index ${tool.index}${label} has ${tool.field === '_meta' ? 'a' : 'an'} ${tool.field} that nests deeper than ${limit} levels (or refers to itself); flatten it or drop the tool`,
    index: tool.index,
    ...(name === undefined ? {} : { name }),
    source,
  };
}

/**
 * `catalog` without the tools of `deep` (recognised by their too-deep
 * field, which the catalog keeps by reference), each listed in `issues` at
 * its place in input order. A deep tool the catalog already skipped (no
 * name, a duplicate) keeps its first issue.
 */
export function withoutDeepTools(catalog: Catalog, deep: readonly DeepTool[], source: string): Catalog {
  if (deep.length === 0) return catalog;
  const values = new Map<object, DeepTool>(deep.map((tool) => [tool.value, tool]));
  const skipped: CatalogIssue[] = [];
  const tools: CatalogTool[] = [];
  for (const tool of catalog.tools) {
    const found = values.get(tool.inputSchema) ?? values.get(tool.meta);
    if (found === undefined) tools.push(tool);
    else skipped.push(deepToolIssue(found, source));
  }
  if (skipped.length === 0) return catalog;
  const kept = new Set(tools);
  const issues = [...catalog.issues, ...skipped].sort((first, second) => (first.index ?? -1) - (second.index ?? -1));
  return Object.freeze({
    tools: Object.freeze(tools),
    servers: catalog.servers,
    issues: Object.freeze(issues),
    byDisplayName: new Map([...catalog.byDisplayName].filter(([, tool]) => kept.has(tool))),
    byApiName: new Map([...catalog.byApiName].filter(([, tool]) => kept.has(tool))),
  });
}
