import type { CatalogTool } from '../catalog/tool.js';
import { thenMaybe as then } from '../utils/maybe-promise.js';
import type { MaybePromise, Ranker } from './ranker.js';

/**
 * A ranker wrapper's view of the tools its inner ranker holds: `index`, `add`
 * and `remove` pass through to the inner ranker, and once each completes,
 * `tools` (by display name) reflects it and `changed` is called. Wrappers
 * that need the indexed catalog (`withQuerySyntax`, `withCheckedResults`)
 * build on it, so they must see every change: wrap before indexing.
 */
export interface IndexedTools extends Pick<Ranker, 'index' | 'add' | 'remove'> {
  /** The indexed tools by `displayName`, as of the last completed change. */
  readonly tools: ReadonlyMap<string, CatalogTool>;
}

/** Tracks what `ranker` has indexed; see {@link IndexedTools}. `changed` runs after each completed change. */
export function trackIndexedTools(ranker: Ranker, changed: () => void = () => {}): IndexedTools {
  let tools = new Map<string, CatalogTool>();
  const track = (result: MaybePromise<void>, update: () => void): MaybePromise<void> =>
    then(result, () => {
      update();
      changed();
    });
  return {
    get tools() {
      return tools;
    },
    index(next) {
      return track(ranker.index(next), () => {
        tools = new Map(next.map((tool) => [tool.displayName, tool]));
      });
    },
    add(added) {
      return track(ranker.add(added), () => {
        for (const tool of added) tools.set(tool.displayName, tool);
      });
    },
    remove(displayNames) {
      return track(ranker.remove(displayNames), () => {
        for (const name of displayNames) tools.delete(name);
      });
    },
  };
}
