import { createLoadoutError, isLoadoutError, parseJson, type LoadoutErrorCode } from '@loadout/core';
import { readTextFile, type ReadTextFileOptions } from './read-text-file.js';

/** Options of {@link readJsonFile}. */
export interface ReadJsonFileOptions extends ReadTextFileOptions {
  /** The code of the error for text that is not JSON (`mcp-invalid-config`, `mod-invalid`, ...): it names what the file was meant to be. */
  readonly invalidCode: LoadoutErrorCode;
  /** How the message names the file (`--mods mods.json`). Default: the path. */
  readonly label?: string;
}

/**
 * Reads a JSON file ({@link readTextFile}: same file codes). Text that is
 * not JSON throws `invalidCode` with `<label> is not valid JSON (line L,
 * column C)` and `details: {source, line, column}`: where it broke, never
 * what is there, since such files may hold secrets.
 */
export async function readJsonFile(path: string, options: ReadJsonFileOptions): Promise<unknown> {
  const text = await readTextFile(path, options);
  try {
    return parseJson(text, path);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    const { line, column } = error.details as { line?: number; column?: number };
    throw createLoadoutError(options.invalidCode, `${options.label ?? path} is not valid JSON (line ${line}, column ${column})`, { source: path, line, column });
  }
}
