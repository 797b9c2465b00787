import { access } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { createLoadoutError, toToolInput, type Catalog } from '@loadout/core';
import { applyMods } from '@loadout/core/plugins';
import { parseEvalQueries, type EvalSet } from '@loadout/eval';
import { readTextFile } from '@loadout/eval/files';
import type { LoadoutConfig } from '../config/loadout-config.js';
import { configMods } from '../config/config-mods.js';
import type { CliContext } from './cli-context.js';
import { reportWarnings, type CommandWarning } from './command-warnings.js';
import { demoEvalQueriesPath } from './demo-eval-queries.js';
import { loadCatalog } from './load-catalog.js';

/** What `loadout eval` judges rankers on. */
export interface EvalInputs {
  /** The set: its name (the queries file's base name; `demo` for the demo queries), the catalog's tools after the config's mods, and the queries (gold as display names). */
  readonly evalSet: EvalSet;
  /** The catalog as validated (skipped tools reported), after mods. */
  readonly catalog: Catalog;
  /** Where the queries came from. */
  readonly queriesPath: string;
  /** What the mods reported (`mod-failed`, `mod-ignored-core`, …), already said on stderr: `--json`'s `warnings`. */
  readonly warnings: readonly CommandWarning[];
}

/** Options of {@link readEvalInputs}. */
export interface ReadEvalInputsOptions {
  /** `--tools FILE`; default the config's `catalog`, else the embedded demo catalog. */
  readonly toolsPath: string | undefined;
  /** `--queries FILE`; default, for the embedded demo catalog only, the demo queries (`examples/demo-queries.jsonl`). */
  readonly queriesPath: string | undefined;
  /** `--max-tools N`. Default 10,000. */
  readonly maxTools: number | undefined;
  readonly strict: boolean;
}

/**
 * Reads the catalog through the one reader every command uses
 * (`loadCatalog`: JSON array, JSONL, `{"tools": [...]}`, the config's
 * `catalog`, the same duplicate handling and `--max-tools`), applies the
 * config's mods, then the queries (`parseEvalQueries`: labelled lines or
 * usage events). A catalog other than the embedded one needs `--queries`
 * (`invalid-option`), said after a catalog file that is not there (`file-not-found`).
 */
export async function readEvalInputs(options: ReadEvalInputsOptions, config: LoadoutConfig, context: CliContext): Promise<EvalInputs> {
  const toolsPath = options.toolsPath ?? config.catalog;
  const load = (): ReturnType<typeof loadCatalog> => loadCatalog(toolsPath, context.cwd, { strict: options.strict, ...(options.maxTools === undefined ? {} : { maxTools: options.maxTools }) });
  if (options.queriesPath === undefined && toolsPath !== undefined) {
    // A catalog that is not there is the first thing to fix: its own error (file-not-found) comes before the missing --queries.
    const absent = await access(resolve(context.cwd, toolsPath)).then(() => false, () => true);
    if (absent) await load();
    throw createLoadoutError('invalid-option', `--queries FILE is required to evaluate ${toolsPath} (labelled lines {"query", "relevant": [names]} or usage events {"query", "called", "at"}); see loadout eval --help`, {
      option: 'queries',
    });
  }
  const loaded = await load();
  const modded = applyMods(loaded.catalog, configMods(config));
  reportWarnings('eval', [...loaded.issues, ...modded.warnings], context, options.strict);
  const queriesPath = options.queriesPath === undefined ? demoEvalQueriesPath() : resolve(context.cwd, options.queriesPath);
  const text = await readTextFile(queriesPath, { what: 'queries file' });
  const catalogLabel = toolsPath === undefined ? 'the embedded demo catalog' : toolsPath;
  // A gold tool the catalog holds but skipped (a bad schema, a duplicate) is named as such, not as missing.
  const skipped = new Map(loaded.issues.flatMap((issue) => (issue.name === undefined ? [] : [[issue.name, `${issue.message} [${issue.code}]`] as const])));
  const queries = parseEvalQueries(text, { source: options.queriesPath ?? 'demo queries', tools: modded.catalog.tools, catalogLabel, skipped });
  const name = options.queriesPath === undefined ? 'demo' : evalSetName(queriesPath);
  return { evalSet: { name, tools: modded.catalog.tools.map(toToolInput), queries }, catalog: modded.catalog, queriesPath, warnings: modded.warnings };
}

/**
 * A set's name as its reader knows it: the queries file's name without
 * `.jsonl`/`.json` (`toolbench_stb.q.jsonl` → `toolbench_stb.q`), or its
 * folder's when the file is only called queries (`mix10k/queries.dev.jsonl`
 * → `mix10k`).
 */
function evalSetName(queriesPath: string): string {
  const file = basename(queriesPath).replace(/\.jsonl?$/i, '');
  return /^queries(\.|$)/i.test(file) ? basename(dirname(queriesPath)) : file;
}
