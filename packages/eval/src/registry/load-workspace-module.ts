import { createLoadoutError } from '@loadout/core';

/**
 * Awaits the lazy import of a ranker package, so that the metrics and the
 * loader of `@loadout/eval` never load the rankers (nor their native or model
 * dependencies) unless a ranker is built. Throws `unsupported-environment`
 * naming the package and the ranker when the import fails.
 */
export async function loadWorkspaceModule<T>(load: () => Promise<T>, specifier: string, forRanker: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError(
      'unsupported-environment',
      `@loadout/eval: ranker "${forRanker}" needs the package ${specifier}, which could not be loaded: ${reason}`,
      { package: specifier, ranker: forRanker },
    );
  }
}
