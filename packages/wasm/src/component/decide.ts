import { createLoadoutError, decideToolSearch, isLoadoutError, parseJson, parsePolicyInput, stripBom } from '@loadout/core';

/** Where the policy input came from, as `loadout policy` names standard input. */
const SOURCE = 'standard input';

/** JSON or `invalid-input` naming where it broke (never the text), as `loadout policy` reports it. */
export function parseInputJson(text: string): unknown {
  try {
    return parseJson(text, SOURCE);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError('invalid-input', error.message, { ...error.details, source: SOURCE });
  }
}

/** `loadout policy` on `text`: the decision as it prints it (two-space JSON). A leading byte-order mark is ignored. */
export function decide(text: string): string {
  const input = stripBom(text);
  if (input.trim() === '') throw createLoadoutError('invalid-input', 'no input: pipe a JSON object on standard input or pass --input FILE');
  return JSON.stringify(decideToolSearch(parsePolicyInput(parseInputJson(input))), null, 2);
}
