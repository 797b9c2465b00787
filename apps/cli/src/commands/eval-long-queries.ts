import { DEFAULT_MAX_QUERY_LENGTH, isLoadoutError, parseToolQuery } from '@loadout/core';
import { formatCount } from '../format/render-table.js';
import type { CommandWarning } from '../io/command-warnings.js';

/** Whether `loadout search` and the gateway's search refuse `query` as too long (`query-too-long`), by their own check (`parseToolQuery`: trimmed, in characters). */
function refusedAsTooLong(query: string): boolean {
  try {
    parseToolQuery(query);
    return false;
  } catch (error) {
    return isLoadoutError(error) && error.code === 'query-too-long';
  }
}

/**
 * The warning `loadout eval` prints when queries are longer than search and
 * serve accept ({@link DEFAULT_MAX_QUERY_LENGTH} characters): eval answers
 * and scores them (recorded figures depend on it), a deployment refuses
 * them (`query-too-long`, printed and in `--json`'s `warnings` as every command warning is). Undefined when every query fits.
 */
export function longQueriesWarning(queries: readonly { readonly query: string }[]): CommandWarning | undefined {
  const long = queries.filter((query) => refusedAsTooLong(query.query)).length;
  if (long === 0) return undefined;
  const message =
    `${formatCount(long)} of ${formatCount(queries.length)} ${queries.length === 1 ? 'query' : 'queries'} ${long === 1 ? 'is' : 'are'} longer than search and serve accept ` +
    `(${formatCount(DEFAULT_MAX_QUERY_LENGTH)} characters); ${long === 1 ? 'it is' : 'they are'} scored here, but a deployment refuses ${long === 1 ? 'it' : 'them'}`;
  return { code: 'query-too-long', message };
}
