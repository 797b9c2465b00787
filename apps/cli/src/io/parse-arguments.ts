import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { closestName } from './closest-name.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed flags and positionals of one command. */
export interface ParsedArguments {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
}

function flagOf(argument: string): string {
  const equals = argument.indexOf('=');
  return equals === -1 ? argument : argument.slice(0, equals);
}

/** `-1`, `-0.5`, `-.5`, `-1e3`: an argument that reads as a negative number, not as a flag. */
const NEGATIVE_NUMBER = /^-\.?\d/;

/** The option `argument` names (`--name`, `--name=value`, or `-x` by its short alias), if any. */
function optionOf(argument: string, options: Options): string | undefined {
  const flag = flagOf(argument);
  if (flag.startsWith('--')) return Object.hasOwn(options, flag.slice(2)) ? flag.slice(2) : undefined;
  if (/^-[^-]$/.test(argument)) return Object.entries(options).find(([, option]) => option.short === argument[1])?.[0];
  return undefined;
}

/** The string option `argument` names without a value (`--name`, or `-x`), if any. */
function stringOptionOf(argument: string, options: Options): string | undefined {
  const name = flagOf(argument) === argument ? optionOf(argument, options) : undefined;
  return name !== undefined && options[name]?.type === 'string' ? name : undefined;
}

/**
 * `--limit -1` as `--limit=-1`: parseArgs reads a value starting with "-"
 * as the next flag and fails with "needs a value"; joined, the command's own
 * check (e.g. {@link integerFlag}'s range) names the value instead.
 */
function joinNegativeValues(argv: readonly string[], options: Options): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--') {
      joined.push(...argv.slice(index));
      break;
    }
    const next = argv[index + 1];
    const name = stringOptionOf(argument, options);
    if (name !== undefined && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`--${name}=${next}`);
      index++;
    } else {
      joined.push(argument);
    }
  }
  return joined;
}

/** The first argument parseArgs would reject as unknown, judged the same way. */
function findUnknownFlag(argv: readonly string[], options: Options): string | undefined {
  for (const argument of argv) {
    if (argument === '--') return undefined;
    if (argument.startsWith('--') && argument.length > 2) {
      if (!Object.hasOwn(options, flagOf(argument).slice(2))) return flagOf(argument);
    } else if (argument.startsWith('-') && argument.length > 1) {
      if (NEGATIVE_NUMBER.test(argument)) return argument;
      const short = argument.slice(1, 2);
      if (!Object.values(options).some((option) => option.short === short)) return `-${short}`;
    }
  }
  return undefined;
}

/**
 * The option parseArgs rejected the value of, judged the same way: a string
 * option last or followed by a flag (no `given`) or by another argument
 * starting with "-" (`given`), or a boolean written with `=` (`given` true).
 */
function findBadValue(argv: readonly string[], options: Options): { name: string; given?: string | true } | undefined {
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--') return undefined;
    const name = optionOf(argument, options);
    if (name === undefined) continue;
    if (options[name]?.type === 'boolean' && flagOf(argument) !== argument) return { name, given: true };
    if (stringOptionOf(argument, options) !== undefined) {
      const next = argv[index + 1];
      // A flag or -- right after it: the value was forgotten, not one starting with "-".
      if (next === undefined || next === '--' || optionOf(next, options) !== undefined) return { name };
      if (next.startsWith('-')) return { name, given: next };
      index++;
    }
  }
  return undefined;
}

function describeParseFailure(command: string, argv: readonly string[], options: Options, error: unknown): string {
  const code = (error as { code?: string }).code;
  const names = Object.keys(options);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = findUnknownFlag(argv, options) ?? 'an option';
    if (NEGATIVE_NUMBER.test(flag)) {
      return `unknown option ${flag}; an argument that starts with "-" goes after --, e.g. loadout ${command} -- ${flag} (see loadout ${command} --help)`;
    }
    const suggestion = flag.startsWith('--') ? closestName(flag.slice(2), names) : undefined;
    return `unknown option ${flag}${suggestion === undefined ? '' : `; did you mean --${suggestion}?`} (see loadout ${command} --help)`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const bad = findBadValue(argv, options);
    if (bad !== undefined && bad.given === undefined) return `--${bad.name} needs a value (see loadout ${command} --help)`;
    if (bad?.given === true) return `--${bad.name} takes no value (see loadout ${command} --help)`;
    if (bad !== undefined) return `--${bad.name} needs a value; one that starts with "-" is written --${bad.name}=${bad.given} (see loadout ${command} --help)`;
  }
  return `cannot read the options (see loadout ${command} --help)`;
}

/** What a command takes besides its flags. */
export interface ArgumentSettings {
  /** Whether the command takes positional arguments (default true); when false, one is `invalid-option` (unless `--help` is given). */
  readonly positionals?: boolean;
}

/**
 * `node:util` parseArgs with its errors turned into `invalid-option`
 * LoadoutErrors in our words: the unknown flag, the closest known one
 * ("did you mean --catalog?"), the flag that lacks a value, or (with
 * `positionals: false`) an argument the command does not take. A negative
 * number after a string option is that option's value (`--limit -1`), so
 * the option's own check reports it.
 */
export function parseArguments(command: string, argv: readonly string[], options: Options, settings: ArgumentSettings = {}): ParsedArguments {
  const withHelp: Options = { ...options, help: { type: 'boolean', short: 'h' } };
  let parsed: ParsedArguments;
  const args = joinNegativeValues(argv, withHelp);
  try {
    const { values, positionals, tokens } = parseArgs({ args, options: withHelp, allowPositionals: true, strict: true, tokens: true });
    parsed = { values: values as ParsedArguments['values'], positionals };
    // A flag that takes one value, given twice, would silently keep the last: say so instead.
    const seen = new Set<string>();
    for (const token of tokens) {
      if (token.kind !== 'option' || withHelp[token.name]?.multiple === true || token.name === 'help') continue;
      if (seen.has(token.name)) throw createLoadoutError('invalid-option', `--${token.name} is given twice; give it once (see loadout ${command} --help)`, { flag: token.name });
      seen.add(token.name);
    }
  } catch (error) {
    if (isLoadoutError(error)) throw error;
    throw createLoadoutError('invalid-option', describeParseFailure(command, args, withHelp, error));
  }
  if (settings.positionals === false && parsed.positionals.length > 0 && !parsed.values['help']) {
    throw createLoadoutError('invalid-option', `unexpected argument ${JSON.stringify(parsed.positionals[0])} (see loadout ${command} --help)`, { value: parsed.positionals[0] });
  }
  return parsed;
}

/** Reads a string flag, or undefined. */
export function stringFlag(parsed: ParsedArguments, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Reads a repeatable string flag. */
export function listFlag(parsed: ParsedArguments, name: string): string[] {
  const value = parsed.values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** Decimal digits, optionally signed: what {@link integerFlag} reads (not `0x10`, `1e3`, ` 3` or `""`, which Number() would). */
const DECIMAL_INTEGER = /^[+-]?\d+$/;

/** Reads a decimal integer flag within [min, max]; errors name the flag and value. */
export function integerFlag(
  parsed: ParsedArguments,
  name: string,
  range: { min: number; max: number },
): number | undefined {
  const raw = stringFlag(parsed, name);
  if (raw === undefined) return undefined;
  const value = DECIMAL_INTEGER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw createLoadoutError(
      'invalid-option',
      `--${name} must be an integer from ${range.min} to ${range.max}, got ${JSON.stringify(raw)}`,
      { flag: name, value: raw },
    );
  }
  return value;
}
