import { createLoadoutError, decideToolSearch, isLoadoutError, parseJson, parsePolicyInput, stripBom } from '@loadout/core';
import type { Command } from './command.js';
import { parseArguments, stringFlag } from '../io/parse-arguments.js';
import { readTextFile } from '@loadout/eval/files';
import { sharedTokenCounter } from '../io/shared-token-counter.js';

const help = `loadout policy: decide whether tool search is on, exactly per the policy contract.

Usage:
  loadout policy [--input FILE] [--compact]

Reads one JSON object (the policy input) from standard input, or from FILE,
and prints one JSON object (the decision): toolSearch, reason, mode,
thresholdPercent, thresholdTokens, deferrableTokens, deferred, upfront,
warnings and trace. Tools without a "tokens" field are counted with the
default tokenizer (tiktoken cl100k_base, offline).

A malformed input prints {"error": {"code", "message"}} and exits 2.

Options:
  --input FILE   read the input from FILE instead of standard input
  --compact      print the decision on one line
  -h, --help     show this help

Example:
  echo '{"model": "claude-sonnet-4-5", "env": {"ENABLE_TOOL_SEARCH": "auto:5"}}' | loadout policy
`;

/** JSON or `invalid-input` naming where it broke (core's `parseJson`: never the text, which may hold secrets). */
function parseInput(text: string, source: string): unknown {
  try {
    return parseJson(text, source);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    throw createLoadoutError('invalid-input', error.message, { ...error.details, source });
  }
}

/** `loadout policy`: JSON in, JSON out. */
export const policyCommand: Command = {
  name: 'policy',
  help,
  async run(argv, context) {
    const parsed = parseArguments('policy', argv, { input: { type: 'string' }, compact: { type: 'boolean' } }, { positionals: false });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const inputPath = stringFlag(parsed, 'input');
    const text = inputPath === undefined ? stripBom(await context.readStdin()) : await readTextFile(inputPath, { cwd: context.cwd });
    if (text.trim() === '') {
      throw createLoadoutError('invalid-input', 'no input: pipe a JSON object on standard input or pass --input FILE');
    }
    const input = parsePolicyInput(parseInput(text, inputPath ?? 'standard input'));
    const decision = decideToolSearch(input, { tokenCounter: await sharedTokenCounter() });
    context.stdout(JSON.stringify(decision, null, parsed.values['compact'] ? undefined : 2) + '\n');
    return 0;
  },
};
