import { createLoadoutError, type Registry } from '@loadout/core';
import '../io/cli-error-codes.js';
import { isDatabaseStore, openFeedbackStore } from '../io/open-feedback-store.js';

/**
 * The ranker `--feedback STORE` searches with when neither `--ranker` nor
 * the config's `ranker` names one: the one `loadout learn` learned and
 * judged the store's decision (learned.json) for, when learning is on and
 * `registry` has that ranker and it learns from usage. Undefined otherwise
 * (no decision, learning off, a ranker not registered here, a store that
 * cannot be read now): the registry's default, and `loadLearnedRankerFactory`
 * says what it found. A database store is asked only when `databases` is
 * true (serve skips it: one that is down would hold its start twice).
 */
export async function learnedForRanker(store: string, cwd: string, registry: Registry, databases = true): Promise<string | undefined> {
  if (isDatabaseStore(store) && !databases) return undefined;
  const read = await (await openFeedbackStore(store, cwd)).readDecision().catch(() => undefined);
  if (read?.kind !== 'decided' || !read.decision.enabled || read.decision.ranker === undefined) return undefined;
  const name = read.decision.ranker;
  return registry.hasRanker(name) && registry.ranker(name).capabilities?.usage !== undefined ? name : undefined;
}

/**
 * Says that the decision at `decisionPath`, learned and judged for ranker
 * `learnedFor`, is applied to ranker `name` (named by --ranker or the
 * config's "ranker", or the default when `learnedFor` is not registered):
 * a pairing no held-out comparison judged. With `strict`, throws
 * `learned-other-ranker` (exit 2); else `warn` receives the message with
 * the code.
 */
export function checkLearnedRanker(learnedFor: string | undefined, name: string, decisionPath: string, strict: boolean | undefined, warn: (message: string) => void): void {
  if (learnedFor === undefined || learnedFor === name) return;
  const message = `${decisionPath} was learned and judged for ranker ${JSON.stringify(learnedFor)}, and never for ${JSON.stringify(name)}: name --ranker ${learnedFor}, or run loadout learn --ranker ${name}`;
  if (strict === true) throw createLoadoutError('learned-other-ranker', message, { path: decisionPath, ranker: name, learnedFor });
  warn(`${message}; applied to ${JSON.stringify(name)} all the same [learned-other-ranker]`);
}
