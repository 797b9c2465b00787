import { forwardRanker, isLoadoutError } from '@loadout/core';
import type { MaybePromise, QuerySyntaxOptions, Ranker, Registry, SearchHit } from '@loadout/core';
import { withCheckedResults } from '@loadout/core/plugins';
import { isPromise } from '@loadout/core/utils';
import './cli-error-codes.js';

/**
 * The codes of a search the ranker failed (it timed out, crashed, answered
 * NaN scores or unknown tools, was busy, or its module changed); the others,
 * such as `query-too-long`, are the client's and are not reported.
 */
const RANKER_FAILURES: ReadonlySet<string> = new Set(['ranker-failed', 'ranker-timeout', 'ranker-invalid-result', 'ranker-busy', 'config-untrusted']);

/** Receives one failed search: the ranker's name, the error's code and its first line. */
export type RankerFailureReport = (ranker: string, code: string, message: string) => void;

/**
 * `ranker` with each search it fails passed to `report` and rethrown
 * unchanged. Wrap a ranker whose results are checked (`withCheckedResults`),
 * so invalid results are failures too. A synchronous search stays synchronous.
 */
export function withFailureReport(ranker: Ranker, report: RankerFailureReport): Ranker {
  const failed = (error: unknown): never => {
    const code = isLoadoutError(error) ? error.code : 'ranker-failed';
    if (RANKER_FAILURES.has(code)) report(ranker.name, code, error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
    throw error;
  };
  return forwardRanker(ranker, {
    search(query, options) {
      let result: MaybePromise<readonly SearchHit[]>;
      try {
        result = ranker.search(query, options);
      } catch (error) {
        return failed(error);
      }
      return isPromise(result) ? result.then(undefined, failed) : result;
    },
  });
}

/**
 * `registry` whose rankers report their failed searches (see
 * {@link withFailureReport}); each is created checked (`withCheckedResults`)
 * when asked for without query syntax, as the gateway asks.
 */
export function withFailureReports(registry: Registry, report: RankerFailureReport): Registry {
  return {
    defaultRanker: registry.defaultRanker,
    rankers: registry.rankers,
    mods: registry.mods,
    hasRanker: (name) => registry.hasRanker(name),
    ranker: (name) => registry.ranker(name),
    async createRanker(name?: string, options?: unknown, querySyntax?: QuerySyntaxOptions | false) {
      const created = await registry.createRanker(name, options, querySyntax);
      return withFailureReport(querySyntax === false ? withCheckedResults(created) : created, report);
    },
    extend: (input) => withFailureReports(registry.extend(input), report),
  };
}
