import type { MaybePromise, Ranker, ToolSearchAnswer, ToolSearchFailure } from '@loadout/core';
import { applyQueryKind, withCheckedResults } from '@loadout/core/plugins';
import { createBuiltinRegistry } from '@loadout/rankers';
import { createRateLimitedWarning } from '../logger/rate-limited-warning.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import type { ToolIndex } from '../search-index/tool-index.js';
import type { CreateGatewayOptions } from './create-gateway-options.js';

/**
 * The codes of a search that failed through the ranker's fault, which the
 * fallback answers: it threw or crashed (`ranker-failed`), overran a time
 * budget (`ranker-timeout`), could not be made again (`ranker-invalid`),
 * returned an invalid result (`ranker-invalid-result`), had too many
 * searches waiting (`ranker-busy`), or its plug-in's module changed since
 * the config was loaded or cannot be read, so its worker cannot start again
 * (`config-untrusted`, `file-unreadable`: a search reads no file of the
 * caller's). The others (`invalid-input`, `query-empty`, `pattern-invalid`,
 * …) are the caller's and stay its errors.
 */
const RANKER_FAULTS: ReadonlySet<string> = new Set(['ranker-failed', 'ranker-timeout', 'ranker-invalid', 'ranker-invalid-result', 'ranker-busy', 'config-untrusted', 'file-unreadable']);

/** Whether `answer` is a search the ranker failed through its own fault (see {@link RANKER_FAULTS}), which the fallback answers. */
export function isRankerFault(answer: ToolSearchAnswer): answer is ToolSearchFailure {
  return !answer.ok && answer.stage === 'search' && RANKER_FAULTS.has(answer.code);
}

/**
 * Answers `args` for the generation `index` instead of a search the ranker
 * could not answer (`failed`; `why` names the reason and its code). Never
 * rejects: when the fallback cannot answer either, `failed` is the answer.
 */
export type SearchFallback = (args: unknown, index: ToolIndex, why: string, failed: ToolSearchAnswer) => Promise<ToolSearchAnswer>;

/**
 * The gateway's {@link SearchFallback} when `options.fallbackSearches` is
 * set, else undefined, for the searches the ranker failed through its own
 * fault ({@link isRankerFault}) or the fair queue refused: the registry's default ranker (`bm25f`, default
 * options, checked and with its query syntax, as the gateway makes rankers),
 * made and indexed with a generation's tools at its first such search and
 * kept with that generation; each answer so given (or, when the fallback
 * fails too, each search it could not answer) is one warning to `logger`,
 * rate-limited per code (the first, then at most one a minute with a count):
 * the only line about that search, so a caller's own report of the failure
 * should leave it out.
 */
export function fallbackSearches(
  options: Pick<CreateGatewayOptions, 'fallbackSearches' | 'registry'>,
  logger: GatewayLogger,
  answerWith: (args: unknown, ranker: Ranker) => MaybePromise<ToolSearchAnswer>,
  /** The warnings' clock, epoch ms; tests pass a manual one. Default `Date.now`. */
  now?: () => number,
): SearchFallback | undefined {
  if (options.fallbackSearches !== true) return undefined;
  const registry = options.registry ?? createBuiltinRegistry();
  const name = registry.defaultRanker;
  /** One rate limit per code: a flood of refusals does not hide an invalid result. */
  const warnings = new Map<string, (line: string) => void>();
  const warn = (code: string, line: string): void => {
    let warning = warnings.get(code);
    if (warning === undefined) warnings.set(code, (warning = createRateLimitedWarning({ logger, ...(now === undefined ? {} : { now }) })));
    warning(line);
  };
  const made = new WeakMap<ToolIndex, Promise<Ranker>>();
  const rankerFor = (index: ToolIndex): Promise<Ranker> => {
    const known = made.get(index);
    if (known !== undefined) return known;
    const making = (async () => {
      const ranker = applyQueryKind(registry.ranker(name), withCheckedResults(await registry.createRanker(name, undefined, false)));
      await ranker.index(index.catalog.tools);
      return ranker;
    })();
    // A failed build is not kept: the next such search tries again.
    making.catch(() => made.delete(index));
    made.set(index, making);
    return making;
  };
  return async (args, index, why, failed) => {
    try {
      const answer = await answerWith(args, await rankerFor(index));
      warn(failed.ok ? '' : failed.code, `search_tools: ${why}, so the built-in ranker ${JSON.stringify(name)} answered it`);
      return answer;
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      warn(failed.ok ? '' : failed.code, `search_tools: ${why}; the built-in ranker ${JSON.stringify(name)} could not answer it either: ${reason}`);
      return failed;
    }
  };
}
