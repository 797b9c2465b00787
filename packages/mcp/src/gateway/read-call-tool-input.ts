import { describeKind } from '@loadout/core';
import { argumentsError, type GatewayCallError } from '../upstream/gateway-call-error.js';
import { CALL_TOOL_NAME } from './gateway-tools.js';
import { readCallArguments } from './read-call-arguments.js';

/** A `call_tool` call's input, read and checked by {@link readCallToolInput}. */
export interface CallToolInput {
  /** The tool to call, as `search_tools` returned it. */
  readonly name: string;
  /** Its arguments (`{}` when absent). */
  readonly arguments: Record<string, unknown>;
  /** The receipt passed back, unchecked; undefined when absent, `""` or `null` (models fill optional fields so). */
  readonly searchId?: unknown;
}

const KEYS: ReadonlySet<string> = new Set(['name', 'arguments', 'searchId']);
const EXPECTED = `${CALL_TOOL_NAME} expects {"name": string, "arguments"?: object, "searchId"?: string}`;

function invalidInput(message: string): GatewayCallError {
  return argumentsError('invalid-input', message);
}

/**
 * Reads `call_tool`'s input: `name` a non-empty string, `arguments` an
 * object, and no other key, as `search_tools` refuses unknown keys (3447): a
 * misspelt `args` would otherwise call the tool with no arguments at all.
 * Throws -32602 `invalid-input` naming what is wrong (the kind of a wrong
 * value, at most three unknown keys), never the values.
 */
export function readCallToolInput(args: Record<string, unknown>): CallToolInput {
  const { name, searchId } = args;
  if (typeof name !== 'string' || name.length === 0) throw invalidInput(`${CALL_TOOL_NAME}: name must be a non-empty string`);
  const unknown = Object.keys(args).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) {
    const listed = unknown
      .slice(0, 3)
      .map((key) => JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key))
      .join(', ');
    throw invalidInput(`${EXPECTED}; unknown ${unknown.length === 1 ? 'key' : 'keys'} ${listed}${unknown.length > 3 ? ', …' : ''}`);
  }
  const input = { name, arguments: readCallArguments(args['arguments'], name) };
  return searchId === undefined || searchId === '' || searchId === null ? input : { ...input, searchId };
}

/** The refusal of a `searchId` that is not one a `search_tools` result gave: -32602 `invalid-input` (3447). */
export function malformedSearchIdError(searchId: unknown): GatewayCallError {
  const what = typeof searchId === 'string' ? 'a string that is not a searchId' : describeKind(searchId);
  return invalidInput(`${CALL_TOOL_NAME}: searchId must be the searchId of the search_tools result that found the tool, got ${what}`);
}
