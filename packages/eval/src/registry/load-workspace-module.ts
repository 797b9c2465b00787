import { createLoadoutError } from '@loadout/core';

/**
 * Imports a Loadout package that `@loadout/eval` uses only for its ranker
 * registry. The specifier is a variable so that the metrics and the loader
 * work without the ranker packages installed. Throws
 * `unsupported-environment` naming the package and the ranker when it cannot
 * be loaded.
 */
export async function loadWorkspaceModule<T>(specifier: string, forRanker: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError(
      'unsupported-environment',
      `@loadout/eval: ranker "${forRanker}" needs the package ${specifier}, which could not be loaded: ${reason}`,
      { package: specifier, ranker: forRanker },
    );
  }
}
