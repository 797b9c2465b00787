import { register } from 'node:module';
import { importDefault, importJavaScriptDefault } from '../config/import-config-module.js';
import { assertPinned, unpinnedImport, type CheckedModule } from './module-pin.js';
import { UNPINNED_MARK, type PinnedModuleData } from './pinned-module-hooks.js';

/** The hooks that serve a module's checked bytes: built JavaScript beside this file, in the CLI's dist. */
const HOOKS = new URL('./pinned-module-hooks.js', import.meta.url);

/** The hooks' refusal of an unpinned local file (see pinned-module-hooks.ts) as `config-untrusted` naming it and `owner`; any other error as it is. */
function refusal(error: unknown, owner: string): unknown {
  const message = error instanceof Error ? error.message : '';
  const at = message.indexOf(UNPINNED_MARK);
  if (at === -1) return error;
  return unpinnedImport(message.slice(at + UNPINNED_MARK.length).split('\n')[0]!.trim(), owner);
}

/**
 * Imports the plug-in module the main thread read and checked (see
 * `readPinned`) and returns its default export; called once per worker. A
 * JavaScript module is evaluated from `module.source`, the bytes that had
 * the pinned SHA-256, served for its URL by a module hook
 * (pinned-module-hooks.ts), so an edit on disk since the check never runs;
 * so are the local files it imports when the config was trusted
 * (`module.imports`), and a local file it imports that `loadout trust` did
 * not pin is `config-untrusted` naming it, never run. Without
 * `module.imports` (a config named with `--config`) the files it imports
 * load from disk as usual. A TypeScript module (and a TypeScript file it
 * imports) is imported through tsx, which reads the file itself: the pins
 * are checked again once it is imported, and a change since is
 * `config-untrusted` naming `owner` (the edited code has run by then in
 * this worker, which the caller stops).
 */
export async function importChecked(module: CheckedModule, owner: string): Promise<unknown> {
  if (module.source !== undefined || module.imports !== undefined) {
    const data: PinnedModuleData = { url: module.url, ...(module.source === undefined ? {} : { source: module.source }), ...(module.imports === undefined ? {} : { imports: module.imports }) };
    register<PinnedModuleData>(HOOKS, { data });
  }
  try {
    if (module.source === undefined) {
      const value = await importDefault(module.file);
      assertPinned(module, owner);
      return value;
    }
    return await importJavaScriptDefault(module.url);
  } catch (error) {
    throw refusal(error, owner);
  }
}
