import { register } from 'node:module';

/**
 * Makes `@loadout/*` imports load the workspace's TypeScript sources (needs
 * tsx's loader active, which `tsx` and `--import tsx` provide). Only imports
 * started after this call are affected, so callers import the workspace
 * dynamically afterwards.
 */
export function registerWorkspaceSources(): void {
  register('./workspace-sources-hook.mjs', import.meta.url);
}
