import { createLoadoutError, describeValue, type DeclarativeMod } from '@loadout/core';
import { readJsonFile } from '@loadout/eval/files';
import { checkFileFlag } from './check-file-flag.js';

/**
 * Reads a `--mods` file: a JSON array of declarative mods. Throws
 * `mod-invalid` naming the path when it is not JSON (with the line and
 * column, never the text: a mods file may hold anything) or not an array;
 * `file-not-found` / `file-unreadable` / `file-not-text` as any text file.
 * The rules inside are checked with the rest of the policy input.
 */
export async function readModsFile(path: string, cwd: string): Promise<DeclarativeMod[]> {
  checkFileFlag(path, 'mods');
  const value = await readJsonFile(path, { cwd, invalidCode: 'mod-invalid', label: `--mods ${path}` });
  if (!Array.isArray(value)) {
    throw createLoadoutError('mod-invalid', `--mods ${path}: expected an array of declarative mods [{"plugin", "rules": [...]}], got ${describeValue(value)}`, {
      source: path,
    });
  }
  return value as DeclarativeMod[];
}
