import { createLoadoutError } from '@loadout/core';
import { digestFile, digestIfPresent } from '../config/file-digest.js';

/**
 * A plug-in module as the config's load checked it: its path and the SHA-256
 * of its bytes then (for a folder's trusted config, the content `loadout
 * trust` pinned). Every worker that imports it later checks it first (see
 * {@link assertPinned}), so a worker started again after a timeout or a
 * crash never runs an edited module.
 */
export interface ModulePin {
  /** The module's path, as the worker imports it. */
  readonly file: string;
  /** SHA-256 of its bytes when the config was loaded. */
  readonly sha256: string;
}

/** The pin of the module at `file` as it is now; `file-not-found` when it does not exist. */
export function pinModule(file: string): ModulePin {
  return { file, sha256: digestFile(file).sha256 };
}

/**
 * Throws `config-untrusted` naming the file (never its content) and `owner`
 * (`ranker "x"`, `mod file`) when the module at `pin.file` no longer has the
 * pinned content or is missing: nothing of it is then imported.
 */
export function assertPinned(pin: ModulePin, owner: string): void {
  const now = digestIfPresent(pin.file);
  if (now?.sha256 === pin.sha256) return;
  const why = now === undefined ? 'it is missing' : 'it changed';
  throw createLoadoutError(
    'config-untrusted',
    `${owner}: ${pin.file} was not loaded again: ${why} since the config was loaded and checked; review it, run \`loadout trust\` again where its config asks for it, and restart`,
    { path: pin.file },
  );
}
