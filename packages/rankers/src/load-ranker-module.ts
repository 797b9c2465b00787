import { createLoadoutError } from '@loadout/core';

/**
 * Awaits the lazy import of a ranker's implementation, so that listing or
 * choosing rankers never loads them (nor their native or model
 * dependencies) until one is built. Throws `unsupported-environment` naming
 * the package and the ranker when the import fails.
 */
export async function loadRankerModule<T>(load: () => Promise<T>, specifier: string, forRanker: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError('unsupported-environment', `ranker "${forRanker}" needs the package ${specifier}, which could not be loaded: ${reason}`, {
      package: specifier,
      ranker: forRanker,
    });
  }
}
