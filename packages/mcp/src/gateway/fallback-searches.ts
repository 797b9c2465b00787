import type { MaybePromise, Ranker, ToolSearchAnswer } from '@loadout/core';
import { applyQueryKind, withCheckedResults } from '@loadout/core/plugins';
import { createBuiltinRegistry } from '@loadout/rankers';
import { createRateLimitedWarning } from '../logger/rate-limited-warning.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import type { ToolIndex } from '../search-index/tool-index.js';
import type { CreateGatewayOptions } from './create-gateway-options.js';

/**
 * Answers `args` for the generation `index` instead of a search the ranker
 * could not answer (`failed`; `why` names the reason and its code). Never
 * rejects: when the fallback cannot answer either, `failed` is the answer.
 */
export type SearchFallback = (args: unknown, index: ToolIndex, why: string, failed: ToolSearchAnswer) => Promise<ToolSearchAnswer>;

/**
 * The gateway's {@link SearchFallback} when `options.fallbackSearches` is
 * set, else undefined: the registry's default ranker (`bm25f`, default
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
): SearchFallback | undefined {
  if (options.fallbackSearches !== true) return undefined;
  const registry = options.registry ?? createBuiltinRegistry();
  const name = registry.defaultRanker;
  /** One rate limit per code: a flood of refusals does not hide an invalid result. */
  const warnings = new Map<string, (line: string) => void>();
  const warn = (code: string, line: string): void => {
    let warning = warnings.get(code);
    if (warning === undefined) warnings.set(code, (warning = createRateLimitedWarning({ logger })));
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
