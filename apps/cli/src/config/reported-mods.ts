import { isLoadoutError, validateMod } from '@loadout/core';
import { configError } from './config-error.js';
import { moduleError, rethrowIn } from './module-error.js';
import type { ModMessage } from '../sandbox/mod-channel.js';
import type { ModSummary } from '../sandbox/mod-report.js';
import { brokenPin, type ModulePin } from '../sandbox/module-pin.js';

/** Where a mod file is named: the config, the key (`plugins[N]`), the specifier as written, and the file's pin. */
export interface ModFileSite {
  readonly path: string;
  readonly key: string;
  readonly specifier: string;
  readonly pin: ModulePin;
}

/** The error of a mod file's worker's `error` report, as the config's load said it when it imported the file itself. */
function loadError(message: Extract<ModMessage, { type: 'error' }>, site: ModFileSite): Error {
  const { path, key, specifier, pin } = site;
  const file = pin.file;
  if (message.code === 'config-untrusted') {
    // Believed only if the pin is broken: the file's own code may throw a config-untrusted of its own.
    const broken = brokenPin(pin, 'mod file', String(message.message));
    if (broken !== undefined) return isLoadoutError(broken) ? moduleError(broken.code, path, key, file, broken.message) : broken;
    return configError('plugin-load-failed', path, key, `${file} threw while loading: ${String(message.message)}`, specifier);
  }
  const failure = message.failure;
  switch (failure?.kind) {
    case 'import':
      return configError(failure.esmInCommonJs ? 'esm-in-commonjs' : 'plugin-load-failed', path, key, String(failure.message), specifier);
    case 'no-default':
      return moduleError('mod-invalid', path, key, file, 'it has no default export: a mod file must `export default` a mod { name, hooks } or an array of mods');
    case 'invalid':
      return moduleError('mod-invalid', path, key, file, String(failure.message));
    default:
      return configError('plugin-load-failed', path, key, String(message.message), specifier);
  }
}

/**
 * The mods a mod file's worker reported once it loaded the file (see
 * `startModFileWorker`); throws the error the config's load gave when it
 * imported the file itself: `plugin-load-failed` or `esm-in-commonjs`
 * (where, never the source), `mod-invalid`, `config-untrusted`. Each mod
 * is checked again here, with a stand-in hook: the file's code runs in
 * that worker and may post anything.
 */
export function reportedMods(message: ModMessage, site: ModFileSite): readonly ModSummary[] {
  if (message.type === 'error') throw loadError(message, site);
  const mods: unknown = message.type === 'ready' ? message.mods : undefined;
  if (!Array.isArray(mods)) throw moduleError('mod-invalid', site.path, site.key, site.pin.file, 'its worker gave no report of its mods');
  return mods.map((mod: ModSummary) => {
    try {
      validateMod({ name: mod?.name, hooks: mod?.describes === true ? { 'tool.describe': () => ({}) } : {} });
    } catch (error) {
      rethrowIn(error, site.path, site.key, site.pin.file);
    }
    return { name: mod.name, describes: mod.describes === true };
  });
}
