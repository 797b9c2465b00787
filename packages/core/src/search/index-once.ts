import type { CatalogTool } from '../catalog/tool.js';
import type { Ranker } from '../ranking/ranker.js';

/**
 * A `ready` function for {@link answerToolSearch}: the first call indexes
 * `tools` with `ranker`, later calls share that work; a failed index is
 * tried again on the next call.
 */
export function indexOnce(ranker: Ranker, tools: readonly CatalogTool[]): () => Promise<void> {
  let indexed: Promise<void> | undefined;
  return () => {
    indexed ??= Promise.resolve()
      .then(() => ranker.index(tools))
      .catch((error: unknown) => {
        indexed = undefined;
        throw error;
      });
    return indexed;
  };
}
