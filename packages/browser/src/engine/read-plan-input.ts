import { parsePolicyInput } from '@loadout/core';
import type { PolicyInput } from '@loadout/core';
import type { PlanInput } from './engine-types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Checks `engine.plan`'s input as `decide` of `@loadout/wasm` and the CLI
 * do, with core's `parsePolicyInput`: `model` a non-empty string, `env`
 * strings, `provider` a known one, and so on. Throws `invalid-input` naming
 * the field and the value (`model must be a non-empty string, got 42`)
 * instead of planning with a guessed default. The `tools` and `servers` of
 * the input are ignored: they come from the loaded catalog.
 */
export function readPlanInput(input: PlanInput): Omit<PolicyInput, 'tools' | 'servers'> {
  const value: unknown = input;
  if (!isPlainObject(value)) return parsePolicyInput(value);
  const { tools: _tools, servers: _servers, ...fields } = value;
  return parsePolicyInput(fields);
}
