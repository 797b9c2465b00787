import { basename, dirname, join, resolve } from 'node:path';
import { createLoadoutError, describeValue } from '@loadout/core';
import type { ToolInput } from '@loadout/core';
import type { EvalQuery, EvalSet } from './eval-set.js';
import { readJsonLines } from './read-json-lines.js';
import { readTextFile } from '../files/read-text-file.js';
import { toEvalQuery } from './to-eval-query.js';

/** Options of {@link loadEvalSet}. */
export interface LoadEvalSetOptions {
  /** Which query file to read: `queries.<split>.jsonl`. Letters, digits, `_` and `-`. Default: `dev`. */
  split?: string;
}

const SPLIT_PATTERN = /^[A-Za-z0-9_-]+$/;

function readTools(text: string, label: string): ToolInput[] {
  return readJsonLines(text, label).map(({ line, value }) => {
    const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['name'] : undefined;
    if (typeof name !== 'string' || name.length === 0) {
      throw createLoadoutError('catalog-invalid-format', `${label}: line ${line}: a tool needs a non-empty string "name" (got ${describeValue(name)})`, {
        source: label,
        line,
      });
    }
    return value as ToolInput;
  });
}

function checkGoldNames(queries: readonly EvalQuery[], names: ReadonlySet<string>, label: string, toolsLabel: string): void {
  for (const query of queries) {
    const gold = [...query.relevant, ...(query.relevantGroups ?? []).flat()];
    const unknown = gold.find((name) => !names.has(name));
    if (unknown !== undefined) {
      throw createLoadoutError('unknown-tool', `${label}: query ${describeValue(query.id)} names the gold tool ${describeValue(unknown)}, which is not in ${toolsLabel}`, {
        source: label,
        id: query.id,
        name: unknown,
      });
    }
  }
}

/**
 * Reads an evaluation set from a directory holding `tools.jsonl` and
 * `queries.<split>.jsonl` (format: the eval data README). Throws
 * `file-not-found` when either file is missing, `catalog-invalid-json` with
 * the line number for a line that is not JSON, `catalog-invalid-format` for a
 * malformed tool or query, `catalog-duplicate-name` for a repeated tool name,
 * `catalog-empty` for a tools file with no tool, `invalid-input` for a
 * queries file with no query, and `unknown-tool` when a query's gold names
 * a tool the set lacks.
 */
export async function loadEvalSet(directory: string, options: LoadEvalSetOptions = {}): Promise<EvalSet> {
  const { split = 'dev' } = options;
  if (typeof split !== 'string' || !SPLIT_PATTERN.test(split)) {
    throw createLoadoutError('invalid-option', `@loadout/eval: split must be letters, digits, "_" or "-" (got ${describeValue(split)})`, {
      option: 'split',
      value: split,
    });
  }
  return loadEvalFiles({
    name: basename(resolve(directory)),
    toolsPath: join(directory, 'tools.jsonl'),
    queriesPath: join(directory, `queries.${split}.jsonl`),
    queriesLabel: `eval-set "${split}" queries file`,
  });
}

/** Where {@link loadEvalFiles} reads an evaluation set from. */
export interface EvalFiles {
  /** The set's name in results. Default: the tools file's folder name. */
  readonly name?: string;
  /** JSONL of tools: `{"name", "description", "inputSchema", "server"}` per line. */
  readonly toolsPath: string;
  /** JSONL of queries: `{"query", "relevant", "id", "relevant_groups"?}` per line. */
  readonly queriesPath: string;
  /** How to call the queries file in errors. Default: "queries file". */
  readonly queriesLabel?: string;
}

/**
 * Reads an evaluation set from two files, with the same checks and errors as
 * {@link loadEvalSet}.
 */
export async function loadEvalFiles(files: EvalFiles): Promise<EvalSet> {
  const { toolsPath, queriesPath } = files;
  // Both read at once; when both fail, the tools file's error is the one reported, whichever finished first.
  const [toolsRead, queriesRead] = await Promise.allSettled([
    readTextFile(toolsPath, { what: 'eval-set tools file' }),
    readTextFile(queriesPath, { what: files.queriesLabel ?? 'queries file' }),
  ]);
  if (toolsRead.status === 'rejected') throw toolsRead.reason;
  if (queriesRead.status === 'rejected') throw queriesRead.reason;
  const toolsText = toolsRead.value;
  const queriesText = queriesRead.value;
  const tools = readTools(toolsText, toolsPath);
  if (tools.length === 0) {
    throw createLoadoutError('catalog-empty', `${toolsPath} holds no tools (expected JSONL, one tool per line)`, { source: toolsPath });
  }
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) {
      throw createLoadoutError('catalog-duplicate-name', `${toolsPath}: tool name ${describeValue(tool.name)} appears twice; names must be unique within a set`, {
        source: toolsPath,
        name: tool.name,
      });
    }
    names.add(tool.name);
  }
  const queries = readJsonLines(queriesText, queriesPath).map((line) => toEvalQuery(line, queriesPath));
  if (queries.length === 0) {
    throw createLoadoutError('invalid-input', `${queriesPath} holds no queries (expected JSONL, one {"query", "relevant"} per line)`, { source: queriesPath });
  }
  checkGoldNames(queries, names, queriesPath, basename(toolsPath));
  return { name: files.name ?? basename(dirname(resolve(toolsPath))), tools, queries };
}
