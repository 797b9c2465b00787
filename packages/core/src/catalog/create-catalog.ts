import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { setOwn } from '../json/own-record.js';
import { integerOption } from '../utils/number-option.js';
import { assignApiNames } from './api-name.js';
import { catalogIssueError } from './catalog-issue-error.js';
import type { Catalog, CatalogIssue, ServerSettings } from './catalog.js';
import { DEFAULT_MAX_TOOLS } from './create-catalog-options.js';
import type { CreateCatalogOptions } from './create-catalog-options.js';
import { isPlainObject } from './is-plain-object.js';
import { isCatalogIssue, normalizeTool } from './normalize-tool.js';
import type { NormalizedTool } from './normalize-tool.js';
import type { CatalogTool, ToolInput } from './tool.js';

function withApiName(tool: NormalizedTool, apiName: string): CatalogTool {
  const result: CatalogTool = {
    name: tool.name,
    displayName: tool.displayName,
    apiName,
    description: tool.description,
    inputSchema: tool.inputSchema,
    server: tool.server,
    kind: tool.kind,
    alwaysLoad: tool.alwaysLoad,
    meta: tool.meta,
  };
  return tool.tokens === undefined ? result : { ...result, tokens: tool.tokens };
}

function readServers(
  servers: unknown,
  report: (issue: CatalogIssue) => void,
  source: string | undefined,
): Record<string, ServerSettings> {
  const result: Record<string, ServerSettings> = {};
  if (servers === undefined || servers === null) return result;
  if (!isPlainObject(servers)) {
    throw createLoadoutError('invalid-option', `servers must be an object of server settings (got ${describeValue(servers)})`, {
      option: 'servers',
    });
  }
  for (const [name, settings] of Object.entries(servers)) {
    const alwaysLoad = isPlainObject(settings) ? (settings['alwaysLoad'] ?? false) : undefined;
    if (typeof alwaysLoad !== 'boolean') {
      const what = isPlainObject(settings) ? 'alwaysLoad must be a boolean' : 'settings must be an object';
      const got = isPlainObject(settings) ? settings['alwaysLoad'] : settings;
      const prefix = source === undefined ? '' : `${source}: `;
      const issue: CatalogIssue = {
        code: 'catalog-invalid-format',
        message: `${prefix}server ${describeValue(name)}: ${what} (got ${describeValue(got)})`,
        name,
        ...(source === undefined ? {} : { source }),
      };
      report(issue);
      setOwn(result, name, Object.freeze({}));
      continue;
    }
    setOwn(result, name, Object.freeze(alwaysLoad ? { alwaysLoad: true } : {}));
  }
  return result;
}

/**
 * Validates tools into an immutable {@link Catalog}. A bad tool is skipped and
 * listed in `issues` (or, with `strict`, thrown as a `LoadoutError`): a
 * missing name, a duplicate display name (the later tool is skipped), an
 * input schema that is not an object schema (not a JSON object, or a `type`
 * other than `"object"`; a schema without `type` is read as an object
 * schema), or an invalid field. More than
 * `maxTools` tools always throws `catalog-too-large`. Input schemas and
 * `_meta` objects are kept by reference, not copied.
 */
export function createCatalog(tools: readonly ToolInput[], options: CreateCatalogOptions = {}): Catalog {
  const { strict = false, source } = options;
  const maxTools = integerOption('createCatalog', 'maxTools', options.maxTools, DEFAULT_MAX_TOOLS, 1);
  if (!Array.isArray(tools)) {
    throw createLoadoutError('invalid-input', `tools must be an array (got ${describeValue(tools)})`, { source });
  }
  if (tools.length > maxTools) {
    const prefix = source === undefined ? '' : `${source}: `;
    throw createLoadoutError(
      'catalog-too-large',
      `${prefix}catalog has ${tools.length} tools, more than the limit of ${maxTools}`,
      { count: tools.length, limit: maxTools, ...(source === undefined ? {} : { source }) },
    );
  }
  const issues: CatalogIssue[] = [];
  const report = (issue: CatalogIssue): void => {
    if (strict) throw catalogIssueError(issue);
    issues.push(issue);
  };
  const servers = readServers(options.servers, report, source);
  const accepted: NormalizedTool[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < tools.length; index++) {
    const result = normalizeTool(tools[index], index, source);
    if (isCatalogIssue(result)) {
      report(result);
      continue;
    }
    if (seen.has(result.displayName)) {
      const where = source === undefined ? `tool at index ${index}` : `${source}: tool at index ${index}`;
      report({
        code: 'catalog-duplicate-name',
        message: `${where} duplicates the name ${describeValue(result.displayName)}${strict ? '' : '; the later one is skipped'}`,
        index,
        name: result.name,
        ...(source === undefined ? {} : { source }),
      });
      continue;
    }
    seen.add(result.displayName);
    accepted.push(result);
    if (result.server !== null && !Object.hasOwn(servers, result.server)) setOwn(servers, result.server, Object.freeze({}));
  }
  const apiNames = assignApiNames(accepted.map((tool) => tool.displayName));
  const catalogTools: CatalogTool[] = new Array<CatalogTool>(accepted.length);
  const byDisplayName = new Map<string, CatalogTool>();
  const byApiName = new Map<string, CatalogTool>();
  for (let index = 0; index < accepted.length; index++) {
    const tool = Object.freeze(withApiName(accepted[index]!, apiNames[index]!));
    catalogTools[index] = tool;
    byDisplayName.set(tool.displayName, tool);
    byApiName.set(tool.apiName, tool);
  }
  return Object.freeze({
    tools: Object.freeze(catalogTools),
    servers: Object.freeze(servers),
    issues: Object.freeze(issues),
    byDisplayName,
    byApiName,
  });
}
