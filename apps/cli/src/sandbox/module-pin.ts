import { pathToFileURL } from 'node:url';
import { createLoadoutError } from '@loadout/core';
import { digestFile, digestIfPresent, readIfPresent, sha256Of } from '../config/file-digest.js';
import { isTypeScript } from '../config/import-config-module.js';
import { isPackageFile } from '../config/local-imports.js';

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
  /**
   * The local files it may import, each with its pinned SHA-256 (a folder's
   * trusted config, see `TrustedImports`): its worker loads those from the
   * bytes checked here and refuses any other local file. Undefined (a
   * config named with `--config`): its imports load from disk, unchecked.
   */
  readonly imports?: readonly ImportPin[];
}

/** A local file a pinned module may import: its real path and SHA-256. */
export interface ImportPin {
  readonly file: string;
  readonly sha256: string;
}

/** A pinned import as a worker receives it (see {@link CheckedModule}). */
export interface CheckedImport extends ImportPin {
  /** The `file:` URL of its real path. */
  readonly url: string;
  /** The bytes that had the pinned SHA-256 (absent for TypeScript, which tsx reads from disk). */
  readonly source?: Uint8Array;
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
  /** Its pinned imports, read and checked likewise; undefined when {@link ModulePin.imports} is. */
  readonly imports?: readonly CheckedImport[];
}

/**
 * The pin of the module at `file` as it is now, with the imports `trusted`
 * lets it load (by its real path; see {@link ModulePin.imports});
 * `file-not-found` when it does not exist.
 */
export function pinModule(file: string, trusted?: ReadonlyMap<string, readonly { readonly path: string; readonly sha256: string }[]>): ModulePin {
  const digest = digestFile(file);
  if (trusted === undefined) return { file, sha256: digest.sha256 };
  const imports = (trusted.get(digest.path) ?? []).map((pin) => ({ file: pin.path, sha256: pin.sha256 }));
  return { file, sha256: digest.sha256, imports };
}

/** `config-untrusted` naming the file (never its content), `owner` and why. */
function untrusted(pin: { readonly file: string }, owner: string, why: string): Error {
  return createLoadoutError(
    'config-untrusted',
    `${owner}: ${pin.file} was not loaded again: ${why} since the config was loaded and checked; review it, run \`loadout trust\` again where its config asks for it, and restart`,
    { path: pin.file },
  );
}

/**
 * `config-untrusted` for a local file a plug-in module imports that
 * `loadout trust` did not pin (a new import, a dynamic one, one added to an
 * older record): nothing of it runs. The message starts with the file's
 * path; see {@link unpinnedFileOf}.
 */
export function unpinnedImport(file: string, owner: string): Error {
  return createLoadoutError(
    'config-untrusted',
    `${file} was not loaded: ${owner} imports it, and \`loadout trust\` did not pin it (it pins the local files a module imports by a literal path, as found when trusted); review it, import it by a literal path if the name is computed, run \`loadout trust\` again, and restart`,
    { path: file },
  );
}

/** The file an {@link unpinnedImport} message names, else undefined. */
export function unpinnedFileOf(message: string): string | undefined {
  return /^(.+) was not loaded: .* imports it, and `loadout trust` did not pin it/.exec(message)?.[1];
}

/** Reads the pinned file at `pin.file` once (a module or an import); `config-untrusted` naming it when missing or changed. */
function readChecked(pin: ImportPin, owner: string): CheckedImport {
  const read = readIfPresent(pin.file);
  if (read === undefined) throw untrusted(pin, owner, 'it is missing');
  if (sha256Of(read.bytes) !== pin.sha256) throw untrusted(pin, owner, 'it changed');
  const url = pathToFileURL(read.path).href;
  const checked = { file: pin.file, sha256: pin.sha256, url };
  return isTypeScript(pin.file) ? checked : { ...checked, source: new Uint8Array(read.bytes) };
}

/**
 * Reads the module at `pin.file` once and returns those bytes when they have
 * the pinned SHA-256; otherwise throws `config-untrusted` naming the file and
 * `owner` (`ranker "x"`, `mod file`): nothing of it is then imported.
 */
export function readPinned(pin: ModulePin, owner: string): CheckedModule {
  // tsx's loader reads a .ts module from disk, whatever a hook serves: its bytes are not sent.
  const module = readChecked(pin, owner);
  const imports = pin.imports?.map((imported) => readChecked(imported, owner));
  return imports === undefined ? module : { ...module, imports };
}

/**
 * Throws `config-untrusted` as {@link readPinned} does when the module at
 * `pin.file`, or a TypeScript file among its pinned imports (tsx reads
 * those from disk), no longer has the pinned content or is missing.
 */
export function assertPinned(pin: ModulePin, owner: string): void {
  for (const checked of [pin, ...(pin.imports ?? []).filter((imported) => isTypeScript(imported.file))]) {
    const now = digestIfPresent(checked.file);
    if (now?.sha256 !== checked.sha256) throw untrusted(checked, owner, now === undefined ? 'it is missing' : 'it changed');
  }
}

/**
 * The `config-untrusted` error of {@link assertPinned} when a TypeScript
 * module (or a TypeScript file it imports) no longer has its pinned
 * content, or of {@link unpinnedImport} when the worker's `message` names a
 * local file its module may not import and that is so; else undefined. A worker's word
 * that its module changed is believed only so: the pin check runs in a
 * worker only after tsx read a TypeScript module from disk, and a plug-in
 * may throw or post a `config-untrusted` of its own, with any text.
 */
export function brokenPin(pin: ModulePin, owner: string, message?: string): Error | undefined {
  const unpinned = message === undefined ? undefined : unpinnedFileOf(message);
  if (unpinned !== undefined && isUnpinned(pin, unpinned)) return unpinnedImport(unpinned, owner);
  if (!isTypeScript(pin.file) && !(pin.imports ?? []).some((imported) => isTypeScript(imported.file))) return undefined;
  try {
    assertPinned(pin, owner);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/**
 * Whether `file` is a local file (it exists, outside `node_modules`) that
 * `pin`'s worker refuses: its imports are confined (a trusted config) and
 * it is neither the module nor one of them. A worker's word that its module
 * imported such a file is believed only so (see {@link brokenPin}).
 */
function isUnpinned(pin: ModulePin, file: string): boolean {
  if (pin.imports === undefined || isPackageFile(file)) return false;
  const now = digestIfPresent(file);
  if (now === undefined) return false;
  const pinned = [pin.file, ...pin.imports.map((imported) => imported.file)].map((path) => digestIfPresent(path)?.path ?? path);
  return !pinned.includes(now.path);
}
