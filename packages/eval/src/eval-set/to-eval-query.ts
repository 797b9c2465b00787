import { createLoadoutError, describeValue } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import type { EvalQuery } from './eval-set.js';
import type { JsonLine } from './read-json-lines.js';
import { isRecord } from '@loadout/core/utils';

function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((name) => typeof name === 'string' && name.length > 0);
}

/** `catalog-invalid-format` (the code eval sets have always used) naming the queries file, the line and what is wrong. */
function invalid(label: string, line: number, problem: string): LoadoutError {
  return createLoadoutError('catalog-invalid-format', `queries file ${label}: line ${line}: ${problem}`, { source: label, line });
}

/** What a field holds that it should not, or `missing` when it is absent: never "(got undefined)". */
const wrong = (what: string, value: unknown, missing: string): string => (value === undefined ? missing : `${what} (got ${describeValue(value)})`);

/** Whether two groups hold the same names, in any order and number. */
const sameNames = (a: readonly string[], b: readonly string[]): boolean => a.every((name) => b.includes(name)) && b.every((name) => a.includes(name));

/**
 * Validates one parsed line of a `queries.<split>.jsonl` file into an
 * {@link EvalQuery}. Throws `catalog-invalid-format` naming the queries file
 * and line, and what is missing or wrong, when `query` is not a non-empty string, `relevant` is not a non-empty list
 * of names, or `relevant_groups` is present but not a non-empty list of
 * non-empty name lists. A missing `id` becomes `<label>:<line>`; a group
 * listed twice (the same names, in any order) is kept once.
 */
export function toEvalQuery({ line, value }: JsonLine, label: string): EvalQuery {
  if (!isRecord(value)) throw invalid(label, line, `a query must be a JSON object (got ${describeValue(value)})`);
  const { query, relevant, id, source, split } = value;
  const groups = value['relevant_groups'];
  if (typeof query === 'string' && query.trim().length === 0) throw invalid(label, line, '"query" is empty: it must hold the search text');
  if (typeof query !== 'string') throw invalid(label, line, wrong('"query" must be a non-empty string', query, 'it has no "query" (the search text)'));
  if (!isNameList(relevant)) {
    throw invalid(label, line, wrong('"relevant" must be a non-empty list of tool names', relevant, 'it has no "relevant" (the tools that answer it, ["name", ...]) nor "called" (a usage event\'s tools)'));
  }
  if (groups !== undefined && !(Array.isArray(groups) && groups.length > 0 && groups.every(isNameList))) {
    throw invalid(label, line, `"relevant_groups" must be a non-empty list of non-empty lists of tool names (got ${describeValue(groups)})`);
  }
  return {
    id: typeof id === 'string' && id.length > 0 ? id : `${label}:${line}`,
    query,
    relevant,
    // A group given twice is one group: counted twice, one tool would be credited once for Recall@5 and twice for NDCG@5.
    ...(groups === undefined ? {} : { relevantGroups: (groups as string[][]).filter((group, at, all) => all.findIndex((other) => sameNames(other, group)) === at) }),
    ...(typeof source === 'string' ? { source } : {}),
    ...(typeof split === 'string' ? { split } : {}),
  };
}
