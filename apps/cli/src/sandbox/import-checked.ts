import { register } from 'node:module';
import { importDefault, importJavaScriptDefault } from '../config/import-config-module.js';
import { assertPinned, type CheckedModule } from './module-pin.js';
import type { PinnedModuleData } from './pinned-module-hooks.js';

/** The hooks that serve a module's checked bytes: built JavaScript beside this file, in the CLI's dist. */
const HOOKS = new URL('./pinned-module-hooks.js', import.meta.url);

/**
 * Imports the plug-in module the main thread read and checked (see
 * `readPinned`) and returns its default export; called once per worker. A
 * JavaScript module is evaluated from `module.source`, the bytes that had
 * the pinned SHA-256, served for its URL by a module hook
 * (pinned-module-hooks.ts), so an edit on disk since the check never runs;
 * the modules it imports load from disk as usual. A TypeScript module is
 * imported through tsx, which reads the file itself: the pin is checked again
 * once it is imported, and a change since is `config-untrusted` naming
 * `owner` (the edited code has run by then in this worker, which the caller
 * stops).
 */
export async function importChecked(module: CheckedModule, owner: string): Promise<unknown> {
  if (module.source === undefined) {
    const value = await importDefault(module.file);
    assertPinned(module, owner);
    return value;
  }
  register<PinnedModuleData>(HOOKS, { data: { url: module.url, source: module.source } });
  return importJavaScriptDefault(module.url);
}
