import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import { codeReasons } from './code-reasons.js';
import { digestFile, digestIfPresent } from './file-digest.js';
import { refuseFolder } from './resolve-plugin.js';
import { localImports } from './local-imports.js';
import { namedModules, type NamedModule } from './named-modules.js';
import { importConfigModule, readConfigJson } from './read-config-value.js';
import { trustFolder, type TrustEnvironment } from './trust-folder.js';
import { parseTrustRecord, recordedPath, recordName, TRUST_RECORD_VERSION, type PinnedImport, type PinnedModule, type StoredTrust, type TrustRecordContent } from './trust-record.js';

/** The record file of the config at `path` with its current content. */
function recordFile(path: string, env: TrustEnvironment): string {
  const config = digestFile(path);
  return join(trustFolder(env), recordName(config.path, config.sha256));
}

/** What the trust folder holds for the config at `path` with its current content. */
async function storedTrust(path: string, env: TrustEnvironment): Promise<StoredTrust> {
  const text = await readFile(recordFile(path, env), 'utf8').catch(() => undefined);
  return text === undefined ? { kind: 'none' } : parseTrustRecord(text);
}

/** Records read when looking for an earlier trust of a config: a folder of more is not searched further. */
const MAX_RECORDS_READ = 1000;

/**
 * The record files in the trust folder that name the config whose real path
 * is `real`, whatever content they pinned; at most the first `limit` files of
 * the folder are read.
 */
async function recordsOf(real: string, env: TrustEnvironment, limit = Number.POSITIVE_INFINITY): Promise<string[]> {
  const records = trustFolder(env);
  const names = await readdir(records).catch(() => []);
  const found: string[] = [];
  for (const name of names.slice(0, limit)) {
    const text = await readFile(join(records, name), 'utf8').catch(() => undefined);
    if (text !== undefined && recordedPath(text) === real) found.push(join(records, name));
  }
  return found;
}

/**
 * Whether the trust folder holds a record of the config at `path` with
 * other content: the config was edited after `loadout trust`, which the
 * refusal then says instead of only "not trusted".
 */
async function trustedWithOtherContent(path: string, env: TrustEnvironment): Promise<boolean> {
  return (await recordsOf(digestFile(path).path, env, MAX_RECORDS_READ)).length > 0;
}

function untrusted(path: string, reasons: readonly string[], why: string | undefined): Error {
  return createLoadoutError(
    'config-untrusted',
    `${path} runs code when loaded (${reasons.join(', ')}) and is not trusted${why === undefined ? '' : ` (${why})`}: ` +
      'if you wrote or read it and the modules it names, run `loadout trust` in this folder (again after each change), ' +
      `or pass --config ${basename(path)} to load it once; --no-config ignores it`,
    { path },
  );
}

/** The first half of the gate's answer, for {@link assertModulesTrusted}: why the config runs code and what its record pinned. */
export interface TrustedConfig {
  readonly reasons: readonly string[];
  readonly stored: Exclude<StoredTrust, { kind: 'none' }>;
}

/**
 * The gate in front of a folder's config, first half: when loading the
 * config at `path` (found in the current folder, not named with
 * `--config`) would run code (see {@link codeReasons}) and `loadout trust`
 * did not record it with this content, throws `config-untrusted` naming the
 * file, why it runs code and the command that trusts it. Nothing is
 * imported before this passes. Returns undefined when the config runs no
 * code, else what {@link assertModulesTrusted} checks once the config's
 * value is known.
 */
export async function assertTrusted(path: string, file: unknown, env: TrustEnvironment, startsServers = false): Promise<TrustedConfig | undefined> {
  const reasons = codeReasons(path, file, startsServers);
  if (reasons.length === 0) return undefined;
  const stored = await storedTrust(path, env);
  if (stored.kind === 'none') throw untrusted(path, reasons, (await trustedWithOtherContent(path, env)) ? 'it changed since it was trusted' : undefined);
  return { reasons, stored };
}

/** What differs between a named module and its pin, or undefined when it is as trusted. */
function moduleChange(module: NamedModule, pin: PinnedModule | undefined, now: ReturnType<typeof digestIfPresent>): string | undefined {
  const named = `${module.file} (${module.key})`;
  if (pin === undefined) return `${named} was not named when it was trusted`;
  if (pin.sha256 === null) return now === undefined ? undefined : `${named} did not exist when it was trusted`;
  if (now === undefined) return `${named} is missing`;
  return now.sha256 === pin.sha256 ? undefined : `${named} changed since it was trusted`;
}

/** What differs between the local files a pinned module imports and their pins: each one changed or missing. */
function importChanges(module: NamedModule, pin: PinnedModule): string[] {
  const changes: string[] = [];
  for (const imported of pin.imports ?? []) {
    const now = digestIfPresent(imported.path);
    if (now?.sha256 === imported.sha256) continue;
    changes.push(`${imported.path}, which ${module.file} (${module.key}) imports, ${now === undefined ? 'is missing' : 'changed since it was trusted'}`);
  }
  return changes;
}

/**
 * The local files each trusted module may import, by the module's real
 * path (see `PinnedModule.imports`; none for a record written before they
 * were pinned): its worker loads those, with their pinned content, and
 * refuses any other local file.
 */
export type TrustedImports = ReadonlyMap<string, readonly PinnedImport[]>;

/**
 * The gate's second half, before any module the config names is imported:
 * every module `file` (the config's value) names by path must have the
 * content `loadout trust` pinned (or still not exist when it did not), and
 * so must every local file it was found to import. Otherwise
 * `config-untrusted` as for an edited config, naming each file that
 * changed, went missing or is newly named (its path, never its content).
 * A record older than module pins passes only a config naming no module by
 * path. Packages (from `node_modules`) are not pinned. Returns the local
 * files each module may import (see {@link TrustedImports}).
 */
export function assertModulesTrusted(path: string, trusted: TrustedConfig, file: unknown): TrustedImports {
  const { files } = namedModules(file, dirname(path));
  const allowed = new Map<string, readonly PinnedImport[]>();
  if (files.length === 0) return allowed;
  if (trusted.stored.kind === 'outdated') throw untrusted(path, trusted.reasons, trusted.stored.why);
  const pins = new Map(trusted.stored.record.modules.map((pin) => [pin.path, pin]));
  const changes: string[] = [];
  for (const module of files) {
    const now = digestIfPresent(module.file);
    const pin = pins.get(now?.path ?? module.file);
    const change = moduleChange(module, pin, now);
    if (change !== undefined) changes.push(change);
    else if (pin !== undefined && now !== undefined) {
      changes.push(...importChanges(module, pin));
      allowed.set(now.path, pin.imports ?? []);
    }
  }
  if (changes.length > 0) throw untrusted(path, trusted.reasons, changes.join('; '));
  return allowed;
}

/** What {@link recordTrust} recorded. */
export interface TrustRecord {
  /** The config's real path. */
  readonly path: string;
  /** SHA-256 of its content when trusted. */
  readonly sha256: string;
  /** The record file. */
  readonly file: string;
  /** The modules the config names by path, pinned with their content (never null: a missing one is refused), each with the local files it imports. */
  readonly modules: readonly PinnedModule[];
  /** The packages the config names (resolved from `node_modules`): not pinned. */
  readonly packages: readonly { readonly key: string; readonly specifier: string }[];
  /** How many records of the config's earlier content this one replaced (removed): that content is not trusted any more. */
  readonly replaced: number;
  /** Each module whose imports could not be listed (`key: why [code]`): pinned without imports; it fails to load until fixed and trusted again. */
  readonly unlisted: readonly string[];
}

/**
 * Records the config at `path`, with its current content and that of every
 * module it names by path, as trusted; a module it names by path that does
 * not exist is `plugin-not-found`, naming each such key and file, and
 * nothing is recorded. With each module, the local files it imports
 * (directly or not, found without running it: see `localImports`) are
 * pinned too; packages in `node_modules` are not. A JSON config is parsed; a module
 * config is imported (this runs it) to read the modules it names. The
 * modules themselves are only read, never imported. The config's records
 * of other content are removed: restoring an earlier version needs a new
 * `loadout trust`, as an edit does.
 */
export async function recordTrust(path: string, env: TrustEnvironment): Promise<TrustRecord> {
  const config = digestFile(path);
  const folder = dirname(config.path);
  const value = config.path.endsWith('.json') ? await readConfigJson(config.path, folder) : await importConfigModule(config.path, folder);
  const named = namedModules(value, dirname(path));
  const modules: PinnedModule[] = [];
  const missing: NamedModule[] = [];
  for (const module of named.files) {
    refuseFolder(module.file, module.specifier, config.path, module.key);
    const digest = digestIfPresent(module.file);
    if (digest === undefined) missing.push(module);
    else if (!modules.some((pin) => pin.path === digest.path)) modules.push({ key: module.key, path: digest.path, sha256: digest.sha256 });
  }
  // Pinned as absent, such a config could never load (plugin-not-found) and any fix of it broke the trust: refused, nothing recorded.
  if (missing.length > 0) {
    const listed = missing.map((module) => `${module.key}: no such file ${module.file} (got ${JSON.stringify(module.specifier)})`).join('; ');
    throw createLoadoutError('plugin-not-found', `${config.path}: ${listed}: create ${missing.length === 1 ? 'it' : 'them'} or fix the config, then run loadout trust again (nothing was recorded)`, {
      path: config.path,
      key: missing[0]!.key,
    });
  }
  // A module whose imports cannot be listed (it does not parse, or imports a missing file) cannot load as it is: pinned alone, said.
  const unlisted: string[] = [];
  const imports = await localImports(
    modules.map((pin) => pin.path),
    (module, error) => unlisted.push(`${modules.find((pin) => pin.path === module)?.key ?? module}: ${error.message} [${error.code}]`),
  );
  const withImports = modules.map((pin) => ({ ...pin, imports: (imports.get(pin.path) ?? []).map((file) => pinImport(file, pin.key)) }));
  const content: TrustRecordContent = { version: TRUST_RECORD_VERSION, path: config.path, sha256: config.sha256, modules: withImports };
  const records = trustFolder(env);
  const file = join(records, recordName(config.path, config.sha256));
  try {
    await mkdir(records, { recursive: true, mode: 0o700 });
    // A new file, never through what is there: a link planted at the record's name is removed, not written through.
    await rm(file, { force: true });
    await writeFile(file, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw createLoadoutError('file-unwritable', `cannot write the trust record in ${records}: ${code}`, { path: records, code });
  }
  const older = (await recordsOf(config.path, env)).filter((record) => record !== file);
  return { path: config.path, sha256: config.sha256, file, modules: withImports, packages: named.packages, replaced: await removeRecords(older), unlisted };
}

/** The pin of a local file the module at `key` imports, as it is now. */
function pinImport(file: string, key: string): PinnedImport {
  const digest = digestIfPresent(file);
  if (digest === undefined) throw createLoadoutError('plugin-not-found', `${key}: ${file}, which it imports, went missing while it was read; run loadout trust again (nothing was recorded)`, { path: file, key });
  return { path: digest.path, sha256: digest.sha256 };
}

/** Removes the record files; how many were there to remove. */
async function removeRecords(files: readonly string[]): Promise<number> {
  let removed = 0;
  for (const file of files) {
    await rm(file).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

/**
 * Removes every trust record of the config at `path`, whatever content each
 * pinned (it may have been edited since): it stops loading from its folder
 * until trusted again. Returns how many records were removed (0: it was not
 * trusted).
 */
export async function revokeTrust(path: string, env: TrustEnvironment): Promise<number> {
  return removeRecords(await recordsOf(digestFile(path).path, env));
}
