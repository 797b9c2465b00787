import { pathToFileURL } from 'node:url';
import { createLoadoutError } from '@loadout/core';
import { digestFile, digestIfPresent, readIfPresent, sha256Of } from '../config/file-digest.js';
import { isTypeScript } from '../config/import-config-module.js';

/**
 * A plug-in module as the config's load checked it: its path and the SHA-256
 * of its bytes then (for a folder's trusted config, the content `loadout
 * trust` pinned). Every worker that runs it later gets the bytes read and
 * checked against the pin once (see {@link readPinned}), so a worker started
 * again after a timeout or a crash never runs an edited module.
 */
export interface ModulePin {
  /** The module's path, as the config names it. */
  readonly file: string;
  /** SHA-256 of its bytes when the config was loaded. */
  readonly sha256: string;
}

/**
 * A pinned module as a worker receives it: the bytes read once and found to
 * have the pinned SHA-256, and the URL they stand for. The worker evaluates
 * exactly `source` for `url` (see `importChecked`), never the file as it is
 * on disk by then. `source` is absent for a TypeScript module: tsx reads
 * it from disk, and the pin is checked again once it is imported.
 */
export interface CheckedModule extends ModulePin {
  /** The `file:` URL of the module's real path, as read. */
  readonly url: string;
  /** The bytes that had the pinned SHA-256 (JavaScript modules only). */
  readonly source?: Uint8Array;
}

/** The pin of the module at `file` as it is now; `file-not-found` when it does not exist. */
export function pinModule(file: string): ModulePin {
  return { file, sha256: digestFile(file).sha256 };
}

/** `config-untrusted` naming the file (never its content), `owner` and why. */
function untrusted(pin: ModulePin, owner: string, why: string): Error {
  return createLoadoutError(
    'config-untrusted',
    `${owner}: ${pin.file} was not loaded again: ${why} since the config was loaded and checked; review it, run \`loadout trust\` again where its config asks for it, and restart`,
    { path: pin.file },
  );
}

/**
 * Reads the module at `pin.file` once and returns those bytes when they have
 * the pinned SHA-256; otherwise throws `config-untrusted` naming the file and
 * `owner` (`ranker "x"`, `mod file`): nothing of it is then imported.
 */
export function readPinned(pin: ModulePin, owner: string): CheckedModule {
  const read = readIfPresent(pin.file);
  if (read === undefined) throw untrusted(pin, owner, 'it is missing');
  if (sha256Of(read.bytes) !== pin.sha256) throw untrusted(pin, owner, 'it changed');
  const checked = { file: pin.file, sha256: pin.sha256, url: pathToFileURL(read.path).href };
  // tsx's loader reads a .ts module from disk, whatever a hook serves: its bytes are not sent.
  return isTypeScript(pin.file) ? checked : { ...checked, source: new Uint8Array(read.bytes) };
}

/**
 * Throws `config-untrusted` as {@link readPinned} does when the module at
 * `pin.file` no longer has the pinned content or is missing.
 */
export function assertPinned(pin: ModulePin, owner: string): void {
  const now = digestIfPresent(pin.file);
  if (now?.sha256 === pin.sha256) return;
  throw untrusted(pin, owner, now === undefined ? 'it is missing' : 'it changed');
}

/**
 * The `config-untrusted` error of {@link assertPinned} when a TypeScript
 * module no longer has its pinned content, else undefined. A worker's word
 * that its module changed is believed only so: the pin check runs in a
 * worker only after tsx read a TypeScript module from disk, and a plug-in
 * may throw or post a `config-untrusted` of its own, with any text.
 */
export function brokenPin(pin: ModulePin, owner: string): Error | undefined {
  if (!isTypeScript(pin.file)) return undefined;
  try {
    assertPinned(pin, owner);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
