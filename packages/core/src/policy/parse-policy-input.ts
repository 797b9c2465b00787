import { createCatalog } from '../catalog/create-catalog.js';
import { DEFAULT_MAX_TOOLS } from '../catalog/create-catalog-options.js';
import { createLoadoutError, isLoadoutError } from '../errors/loadout-error.js';
import { isPlainObject } from '../catalog/is-plain-object.js';
import { jsonDepth } from '../utils/json-depth.js';
import type { JsonObject } from '../catalog/json.js';
import type { ToolInput, ToolKind } from '../catalog/tool.js';
import type { ServerSettings } from '../catalog/catalog.js';
import type { DeclarativeMod, ModRule } from '../mods/mod.js';
import { childPath } from './input-path.js';
import type { PolicyInput, Provider } from './policy-types.js';
import { PROVIDERS } from './policy-types.js';
import { showValue } from './show-value.js';

type Fields = Record<string, unknown>;

/**
 * Deepest nesting {@link parsePolicyInput} accepts, counting the input object
 * itself as level 1 (so a tool's `inputSchema` may nest about 124 levels).
 * Deeper input is refused before anything else reads it: the planner
 * serialises schemas, and JSON nested 100,000 levels deep overflows that.
 */
export const POLICY_INPUT_MAX_DEPTH = 128;

const KINDS: readonly ToolKind[] = ['core', 'builtin', 'mcp'];
const RULE_FIELDS = ['server', 'tool', 'isDeferred', 'description'] as const;

function fail(path: string, expected: string, value: unknown): never {
  const where = path === '' ? 'input' : path;
  throw createLoadoutError('invalid-input', `invalid policy input: ${where} must be ${expected}, got ${showValue(value)}`, {
    path: where,
    value: typeof value === 'object' && value !== null ? showValue(value) : value,
  });
}

function object(value: unknown, path: string): Fields {
  return isPlainObject(value) ? value : fail(path, 'an object', value);
}

function string(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== 'string') fail(path, nonEmpty ? 'a non-empty string' : 'a string', value);
  if (nonEmpty && value.length === 0) fail(path, 'a non-empty string', value);
  return value;
}

function boolean(value: unknown, path: string): boolean {
  return typeof value === 'boolean' ? value : fail(path, 'a boolean', value);
}

function array(value: unknown, path: string): readonly unknown[] {
  return Array.isArray(value) ? value : fail(path, 'an array', value);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fail(path, `one of ${allowed.join(', ')}`, value);
}

/** Copies `fields[key]` through `read` when present and not null. */
function optional<T>(fields: Fields, key: string, path: string, read: (value: unknown, path: string) => T): T | undefined {
  const value = fields[key];
  return value === undefined || value === null ? undefined : read(value, childPath(path, key));
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

function readEnv(value: unknown, path: string): Record<string, string> {
  const entries = Object.entries(object(value, path))
    .filter(([, text]) => text !== undefined && text !== null)
    .map(([key, text]) => [key, string(text, childPath(path, key))] as const);
  return Object.fromEntries(entries);
}

function readServers(value: unknown, path: string): Record<string, ServerSettings> {
  const entries = Object.entries(object(value, path)).map(([name, settings]) => {
    const at = childPath(path, name);
    return [name, defined({ alwaysLoad: optional(object(settings, at), 'alwaysLoad', at, boolean) })] as const;
  });
  return Object.fromEntries(entries);
}

function readTokens(value: unknown, path: string): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? value
    : fail(path, 'a non-negative integer', value);
}

function readTool(value: unknown, path: string): ToolInput {
  const fields = object(value, path);
  const schema = fields['inputSchema'];
  const server = fields['server'];
  return defined<ToolInput>({
    name: string(fields['name'], childPath(path, 'name')),
    description: optional(fields, 'description', path, string),
    inputSchema: schema === null ? null : (optional(fields, 'inputSchema', path, object) as JsonObject | undefined),
    server: server === null ? null : optional(fields, 'server', path, string),
    kind: optional(fields, 'kind', path, (kind, at) => oneOf(kind, KINDS, at)),
    alwaysLoad: optional(fields, 'alwaysLoad', path, boolean),
    _meta: optional(fields, '_meta', path, object) as JsonObject | undefined,
    tokens: optional(fields, 'tokens', path, readTokens),
  });
}

function readRule(value: unknown, path: string): ModRule {
  const fields = object(value, path);
  for (const key of Object.keys(fields)) {
    if (!(RULE_FIELDS as readonly string[]).includes(key)) fail(childPath(path, key), `absent (known rule fields: ${RULE_FIELDS.join(', ')})`, fields[key]);
  }
  return defined<ModRule>({
    server: optional(fields, 'server', path, string),
    tool: optional(fields, 'tool', path, string),
    isDeferred: optional(fields, 'isDeferred', path, boolean),
    description: optional(fields, 'description', path, string),
  });
}

function readMod(value: unknown, path: string): DeclarativeMod {
  const fields = object(value, path);
  const rulesPath = childPath(path, 'rules');
  return {
    plugin: string(fields['plugin'], childPath(path, 'plugin'), true),
    rules: array(fields['rules'], rulesPath).map((rule, index) => readRule(rule, childPath(rulesPath, index))),
  };
}

function readContextWindow(value: unknown, path: string): number {
  return typeof value === 'number' && value > 0 && value <= Number.MAX_SAFE_INTEGER
    ? value
    : fail(path, 'a positive number up to 2^53 - 1', value);
}

/**
 * Validates a parsed JSON value as a {@link PolicyInput} and returns a clean
 * copy holding only the known fields (unknown fields are ignored; `null`
 * counts as absent for optional fields, except a tool's `inputSchema` and
 * `server`). Checks shapes and simple ranges only: a tool that is well-typed
 * but otherwise invalid, an unknown model or an odd `ENABLE_TOOL_SEARCH`
 * become warnings of the decision, except a tool the planner would skip
 * (empty or duplicate name, non-object schema): that is an error, so an
 * accepted input lists every tool. Throws LoadoutError `invalid-input` whose
 * message names the JSON path and the offending value (`tools[3].name must be
 * a string, got 42`), with `details.path` and `details.value` (an object or
 * array as its short rendering, so the error is always JSON-safe, also for
 * input nested 100,000 levels deep). Input nested deeper than
 * {@link POLICY_INPUT_MAX_DEPTH} is `invalid-input` with `details.limit`.
 */
export function parsePolicyInput(value: unknown): PolicyInput {
  const fields = object(value, '');
  if (jsonDepth(fields, POLICY_INPUT_MAX_DEPTH) > POLICY_INPUT_MAX_DEPTH) {
    throw createLoadoutError('invalid-input', `invalid policy input: input nests deeper than ${POLICY_INPUT_MAX_DEPTH} levels`, {
      path: 'input',
      limit: POLICY_INPUT_MAX_DEPTH,
    });
  }
  const tools = optional(fields, 'tools', '', array);
  const mods = optional(fields, 'mods', '', array);
  const input = defined<PolicyInput>({
    model: string(fields['model'], 'model', true),
    provider: optional(fields, 'provider', '', (provider, at): Provider => oneOf(provider, PROVIDERS, at)),
    env: optional(fields, 'env', '', readEnv),
    sdkVersion: optional(fields, 'sdkVersion', '', string),
    managedSettings: optional(fields, 'managedSettings', '', (settings, at) =>
      defined({ keepToolSearchOn: optional(object(settings, at), 'keepToolSearchOn', at, boolean) }),
    ),
    hipaa: optional(fields, 'hipaa', '', boolean),
    contextWindow: optional(fields, 'contextWindow', '', readContextWindow),
    conversation: optional(fields, 'conversation', '', (conversation, at) =>
      defined({ toolSearchActivated: optional(object(conversation, at), 'toolSearchActivated', at, boolean) }),
    ),
    servers: optional(fields, 'servers', '', readServers),
    tools: tools?.map((tool, index) => readTool(tool, childPath('tools', index))),
    mods: mods?.map((mod, index) => readMod(mod, childPath('mods', index))),
  });
  checkToolsPlannable(input);
  return input;
}

/**
 * The contract lists every input tool exactly once, so a tool the planner
 * would have to skip (empty name, duplicate display name, …) is an input
 * error here rather than a silent omission.
 */
function checkToolsPlannable(input: PolicyInput): void {
  if (input.tools === undefined) return;
  try {
    createCatalog(input.tools, {
      ...(input.servers === undefined ? {} : { servers: { ...input.servers } }),
      strict: true,
      maxTools: Math.max(DEFAULT_MAX_TOOLS, input.tools.length),
    });
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    const index = error.details['index'];
    const path = typeof index === 'number' ? childPath('tools', index) : 'servers';
    throw createLoadoutError('invalid-input', `${path}: ${error.message}`, { path, code: error.code });
  }
}
