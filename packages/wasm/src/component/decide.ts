import { createLoadoutError, decideToolSearch, isLoadoutError, parseJson, parsePolicyInput, stripBom } from '@loadout/core';
import { assertJsonDepth } from './json-depth.js';

/**
 * JSON or `invalid-input` naming where it broke (never the text): `source`
 * names the argument as the component's API calls it (`decide input`, `plan
 * input`), not the CLI's standard input.
 */
export function parseInputJson(text: string, source: string): unknown {
  assertJsonDepth(text, source, 'invalid-input');
  try {
    return parseJson(text, source);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError('invalid-input', error.message, { ...error.details, source });
  }
}

/** `decide(input)`, what `loadout policy` answers for `text`: the decision as it prints it (two-space JSON). A leading byte-order mark is ignored. */
export function decide(text: string): string {
  const input = stripBom(text);
  if (input.trim() === '') throw createLoadoutError('invalid-input', 'decide: the input is empty; pass a policy input as JSON text, e.g. {"model": "claude-sonnet-4-5"}');
  return JSON.stringify(decideToolSearch(parsePolicyInput(parseInputJson(input, 'decide input'))), null, 2);
}
