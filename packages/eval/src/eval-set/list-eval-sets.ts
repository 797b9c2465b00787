import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createLoadoutError } from '@loadout/core';

/** One evaluation set found by {@link listEvalSets}. */
export interface EvalSetInfo {
  /** The directory's base name (`mix10k`). */
  readonly name: string;
  /** The set's directory: `root` joined with `name`. */
  readonly directory: string;
  /** Splits with a `queries.<split>.jsonl` file, sorted (`['dev']`). */
  readonly splits: readonly string[];
}

const QUERIES_FILE = /^queries\.([A-Za-z0-9_-]+)\.jsonl$/;

/**
 * The evaluation sets under `root`: every direct subdirectory holding a
 * `tools.jsonl`, sorted by name. Throws `file-not-found` when `root` does not
 * exist.
 */
export async function listEvalSets(root: string): Promise<EvalSetInfo[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError('file-not-found', `@loadout/eval: eval data directory not found: ${root} (${reason})`, { path: root });
  }
  const sets: EvalSetInfo[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const directory = join(root, entry.name);
    const files = await readdir(directory);
    if (!files.includes('tools.jsonl')) continue;
    const splits = files.flatMap((file) => QUERIES_FILE.exec(file)?.[1] ?? []).sort();
    sets.push({ name: entry.name, directory, splits });
  }
  return sets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
