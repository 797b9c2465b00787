import { createLoadoutError, describeValue } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import type { EvalQuery } from './eval-set.js';
import type { JsonLine } from './read-json-lines.js';
import { isRecord } from '@loadout/core/utils';

function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((name) => typeof name === 'string' && name.length > 0);
}

function invalid(label: string, line: number, what: string, value: unknown): LoadoutError {
  return createLoadoutError('catalog-invalid-format', `${label}: line ${line}: ${what} (got ${describeValue(value)})`, {
    source: label,
    line,
  });
}

/** Whether two groups hold the same names, in any order and number. */
const sameNames = (a: readonly string[], b: readonly string[]): boolean => a.every((name) => b.includes(name)) && b.every((name) => a.includes(name));

/**
 * Validates one parsed line of a `queries.<split>.jsonl` file into an
 * {@link EvalQuery}. Throws `catalog-invalid-format` naming the file and line
 * when `query` is not a non-empty string, `relevant` is not a non-empty list
 * of names, or `relevant_groups` is present but not a non-empty list of
 * non-empty name lists. A missing `id` becomes `<label>:<line>`; a group
 * listed twice (the same names, in any order) is kept once.
 */
export function toEvalQuery({ line, value }: JsonLine, label: string): EvalQuery {
  if (!isRecord(value)) throw invalid(label, line, 'a query must be a JSON object', value);
  const { query, relevant, id, source, split } = value;
  const groups = value['relevant_groups'];
  if (typeof query !== 'string' || query.trim().length === 0) {
    throw invalid(label, line, '"query" must be a non-empty string', query);
  }
  if (!isNameList(relevant)) throw invalid(label, line, '"relevant" must be a non-empty list of tool names', relevant);
  if (groups !== undefined && !(Array.isArray(groups) && groups.length > 0 && groups.every(isNameList))) {
    throw invalid(label, line, '"relevant_groups" must be a non-empty list of non-empty lists of tool names', groups);
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
