import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createLoadoutError } from '@loadout/core';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parsed flags and positionals of one command. */
export interface ParsedArguments {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: string[];
}

/** `node:util` parseArgs with errors turned into `invalid-option` LoadoutErrors. */
export function parseArguments(command: string, argv: readonly string[], options: Options): ParsedArguments {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArguments['values'], positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw createLoadoutError('invalid-option', `loadout ${command}: ${message} (see loadout ${command} --help)`);
  }
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

/** Reads a positive integer flag within [min, max]; errors name the flag and value. */
export function integerFlag(
  parsed: ParsedArguments,
  name: string,
  range: { min: number; max: number },
): number | undefined {
  const raw = stringFlag(parsed, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw createLoadoutError(
      'invalid-option',
      `--${name} must be an integer from ${range.min} to ${range.max}, got ${JSON.stringify(raw)}`,
      { flag: name, value: raw },
    );
  }
  return value;
}
