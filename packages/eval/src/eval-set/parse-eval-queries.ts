import { createLoadoutError, isLoadoutError, readUsageEvent, stripBom, tryParseJson } from '@loadout/core';
import type { CatalogTool, UsageEvent } from '@loadout/core';
import type { EvalQuery } from './eval-set.js';
import { readJsonLines } from './read-json-lines.js';
import { toEvalQuery } from './to-eval-query.js';
import { SHOWN_UNKNOWN_LINES, unknownGoldError } from './unknown-gold-error.js';
import { didYouMean } from '@loadout/core/plugins';
import type { UnknownGold } from './unknown-gold-error.js';
import { isRecord } from '@loadout/core/utils';

/** Options of {@link parseEvalQueries}. */
export interface ParseEvalQueriesOptions {
  /** The file's name in messages and in default ids (`<source>:<line>`). */
  readonly source: string;
  /**
   * The catalog the queries are judged against: every gold name must be one
   * of its tools, by own name, display name (`mcp__server__name`) or API
   * name; gold is kept as the tool's `displayName`, unique within a catalog
   * (evaluate with `matchBy: 'displayName'`).
   */
  readonly tools: readonly CatalogTool[];
  /** How to call the catalog in messages. Default `the catalog`. */
  readonly catalogLabel?: string;
  /** Tools the catalog's file holds but its reader skipped (a bad schema, a duplicate): own name → why, with its code. A gold name among them is `unknown-tool` saying so. Default: none. */
  readonly skipped?: ReadonlyMap<string, string>;
}

/** A line's usage event as core's one reader reads it (`readUsageEvent`, as `learn` does), or `catalog-invalid-format` naming the file, the line and what is wrong. */
function usageEvent(value: unknown, line: number, source: string): UsageEvent {
  const event = readUsageEvent(value);
  if (typeof event === 'string') throw createLoadoutError('catalog-invalid-format', `queries file ${source}: line ${line}: ${event}`, { source, line });
  return event;
}

/** A usage event (`{"query", "called": name | [names], "at"?}`, a feedback store's line) as a labelled query: its called tools are its gold. */
function fromEvent(value: Record<string, unknown>, line: number, source: string): EvalQuery {
  const event = usageEvent(value, line, source);
  return toEvalQuery({ line, value: { query: event.query, relevant: [...event.called], ...(typeof value['id'] === 'string' ? { id: value['id'] } : {}) } }, source);
}

/** A labelled line; one with an `"at"` is also read as the usage event `--feedback` and `learn` read it, so a bad time is refused here as there. */
function fromLabelled(value: unknown, line: number, source: string): EvalQuery {
  const query = toEvalQuery({ line, value }, source);
  if (isRecord(value) && value['at'] !== undefined) usageEvent(value, line, source);
  return query;
}

/**
 * Reads the queries `loadout eval` judges a ranker on, from JSONL text whose
 * lines are either labelled queries `{"query", "relevant": [names], "id"?,
 * "relevant_groups"?}` (the eval data format) or usage events `{"query",
 * "called": name | [names], "at"?}` (a feedback store, so a deployment can
 * evaluate against its own log: the tools called are the gold). Events with
 * the same query text (trimmed) are one search, in the place of the first:
 * one query whose gold is every tool called after it; labelled lines are
 * one query each. An event (and a labelled line with an `"at"`) is read by
 * core's `readUsageEvent`, the reader `learn` and `--feedback` use, so a
 * line one refuses the other refuses in the same words. Blank lines are
 * skipped. Throws `catalog-invalid-json` (a line that is not JSON),
 * `catalog-invalid-format` (a line of neither shape, or a bad event), `invalid-input` (no
 * query at all) and `unknown-tool` (gold names that no tool of `tools`
 * has: one error listing every such line, read to the end first), each
 * naming the file and line; a file that is one JSON document
 * (an array of queries, a catalog) keeps its code and is told, as the
 * queries file, that queries are JSONL, one object per line.
 */
export function parseEvalQueries(text: string, options: ParseEvalQueriesOptions): EvalQuery[] {
  try {
    return readQueries(text, options);
  } catch (error) {
    // A JSON document (an array of queries, a catalog) is not JSONL: say so, keeping the error's code.
    const hint = isLoadoutError(error) && (error.code === 'catalog-invalid-json' || error.code === 'catalog-invalid-format') ? jsonDocumentHint(text, options.source) : undefined;
    if (hint === undefined || !isLoadoutError(error)) throw error;
    throw createLoadoutError(error.code, `${error.message}; ${hint}`, { ...error.details }, { cause: error });
  }
}

/** What a queries line is: JSONL, one of two shapes. */
const QUERIES_FORMAT = 'queries are JSONL, one JSON object per line: {"query", "relevant": [names]} or {"query", "called", "at"}';

/**
 * What to tell a user whose queries file is one JSON document rather than
 * JSONL, naming the file as the queries file and what to do; undefined when
 * it is not one, or is one object on one line that is not a catalog (a
 * JSONL file of one line, whose own error says what is wrong).
 */
function jsonDocumentHint(text: string, source: string): string | undefined {
  const body = stripBom(text).trim();
  const value = tryParseJson(body);
  if (value === undefined) return undefined;
  const tools = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value['tools']) ? (value['tools'] as unknown[]) : undefined;
  const catalog = tools !== undefined && tools.length > 0 && tools.every((tool) => isRecord(tool) && typeof tool['name'] === 'string' && tool['query'] === undefined);
  if (catalog) return `the queries file ${source} is a catalog of tools, not queries: give it as the catalog, and as queries a file where ${QUERIES_FORMAT}`;
  if (isRecord(value) && !body.includes('\n')) return undefined;
  if (Array.isArray(value)) return `the queries file ${source} is one JSON array, and ${QUERIES_FORMAT} (an array of such objects becomes one with jq -c '.[]' ${source})`;
  return `the queries file ${source} is one JSON document, and ${QUERIES_FORMAT}`;
}

function readQueries(text: string, options: ParseEvalQueriesOptions): EvalQuery[] {
  const { source, tools } = options;
  const unique = new Map<string, string>();
  const own = new Map<string, string[]>();
  for (const tool of tools) {
    unique.set(tool.displayName, tool.displayName);
    unique.set(tool.apiName, tool.displayName);
    const list = own.get(tool.name);
    if (list === undefined) own.set(tool.name, [tool.displayName]);
    else list.push(tool.displayName);
  }
  // The names a gold tool may be given by, unambiguous ones only: display names, API names, own names one server has.
  let names: string[] | undefined;
  const candidates = (): string[] => (names ??= [...new Set([...unique.keys(), ...[...own].filter(([, list]) => list.length === 1).map(([name]) => name)])]);
  // Every unknown gold name is gathered and reported at the end, in one error: the user fixes them all in one run.
  const unknown: UnknownGold[] = [];
  const absent = new Set<string>();
  const resolveName = (name: string, id: string, line: number, query: string): string => {
    const found = unique.get(name) ?? own.get(name);
    if (typeof found === 'string') return found;
    if (found?.length === 1) return found[0]!;
    const skipped = found === undefined ? options.skipped?.get(name) : undefined;
    const problem =
      skipped !== undefined
        ? `which ${options.catalogLabel ?? 'the catalog'} holds but skipped: ${skipped}`
        : found === undefined
          ? `which is not in ${options.catalogLabel ?? 'the catalog'}`
          : `which ${found.length} servers have; name one as ${found.slice(0, 2).map((displayName) => JSON.stringify(displayName)).join(' or ')}`;
    if (found === undefined && skipped === undefined) absent.add(name);
    if (!unknown.some((gold) => gold.line === line && gold.name === name)) unknown.push({ line, id, query, name, problem });
    return name;
  };
  const queries: EvalQuery[] = [];
  // A search the log holds as several events (one per tool called, or repeated) is one query: the first event's, gold the union.
  const searches = new Map<string, number>();
  // A line that is not JSON is named as the queries file's (catalog-invalid-json, the code eval sets have always used).
  for (const { line, value } of readJsonLines(text, `queries file ${source}`)) {
    const event = isRecord(value) && value['relevant'] === undefined && value['called'] !== undefined;
    const query = event ? fromEvent(value, line, source) : fromLabelled(value, line, source);
    // Two spellings of one tool (its name and its display name) are one gold tool: counted twice, they would cap NDCG below 1.
    const map = (names: readonly string[]): string[] => [...new Set(names.map((name) => resolveName(name, query.id, line, query.query)))];
    const relevant = map(query.relevant);
    const earlier = event ? searches.get(query.query.trim()) : undefined;
    if (earlier !== undefined) {
      queries[earlier] = { ...queries[earlier]!, relevant: [...new Set([...queries[earlier]!.relevant, ...relevant])] };
      continue;
    }
    if (event) searches.set(query.query.trim(), queries.length);
    queries.push({ ...query, relevant, ...(query.relevantGroups === undefined ? {} : { relevantGroups: query.relevantGroups.map(map) }) });
  }
  if (unknown.length > 0) {
    // The closest name a tool answers to, for a name no tool has, on the lines the error shows (each costs a pass over the catalog).
    const shown = new Set([...new Set(unknown.map((gold) => gold.line))].slice(0, SHOWN_UNKNOWN_LINES));
    const hinted = unknown.map((gold) => (absent.has(gold.name) && shown.has(gold.line) ? { ...gold, problem: `${gold.problem}${didYouMean(gold.name, candidates())}` } : gold));
    throw unknownGoldError(source, hinted);
  }
  if (queries.length === 0) {
    throw createLoadoutError('invalid-input', `${source} holds no queries (expected JSONL: {"query", "relevant": [names]} or {"query", "called", "at"} per line)`, { source });
  }
  return queries;
}
