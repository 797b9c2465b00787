import { createHash } from 'node:crypto';

/**
 * The version of the trust record format. 1 (no `version` field) pinned the
 * config only; 2 pins the modules it names too, and (since decision 3469,
 * an optional field, so the version stays) the local files each imports.
 */
export const TRUST_RECORD_VERSION = 2;

/** A module a trusted config names by path, as pinned. */
export interface PinnedModule {
  /** Where the config names it: `rankers.NAME` or `plugins[INDEX]`. */
  readonly key: string;
  /** Its real path, or its resolved path when it did not exist. */
  readonly path: string;
  /** SHA-256 of its bytes, or null when it did not exist (it must still not exist). */
  readonly sha256: string | null;
  /**
   * The local files it imports, directly or not (never a package's, in
   * `node_modules`), each with its content: its worker loads those and no
   * other local file. Absent in a record written before 3469: the module
   * then loads only if it imports no local file.
   */
  readonly imports?: readonly PinnedImport[];
}

/** A local file a pinned module imports, as pinned. */
export interface PinnedImport {
  /** Its real path. */
  readonly path: string;
  /** SHA-256 of its bytes. */
  readonly sha256: string;
}

/** One trust record file's content (format {@link TRUST_RECORD_VERSION}). */
export interface TrustRecordContent {
  readonly version: typeof TRUST_RECORD_VERSION;
  /** The config's real path. */
  readonly path: string;
  /** SHA-256 of the config's bytes. */
  readonly sha256: string;
  /** The modules it named, each with its content. */
  readonly modules: readonly PinnedModule[];
}

/** What the trust folder holds for one config's path and content. */
export type StoredTrust =
  | { readonly kind: 'none' }
  | { readonly kind: 'pinned'; readonly record: TrustRecordContent }
  /** A record the config's bytes match but whose modules cannot be checked; `why` says so, for the refusal. */
  | { readonly kind: 'outdated'; readonly why: string };

/** The record's file name: SHA-256 of the config's real path and content, so an edit (or a move) needs a new `loadout trust`. */
export function recordName(path: string, sha256: string): string {
  return createHash('sha256').update(`${path}\n${sha256}`).digest('hex');
}

/**
 * The config path a record file's text names, whatever its version (format
 * 1 named it too); undefined for text that names none. Finds every record of
 * one config, for `loadout trust --revoke` and for a new `loadout trust`
 * replacing the records of earlier content.
 */
export function recordedPath(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const path = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['path'] : undefined;
    return typeof path === 'string' ? path : undefined;
  } catch {
    return undefined;
  }
}

function isPinnedImport(value: unknown): value is PinnedImport {
  if (typeof value !== 'object' || value === null) return false;
  const { path, sha256 } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof sha256 === 'string';
}

function isPinnedModule(value: unknown): value is PinnedModule {
  if (typeof value !== 'object' || value === null) return false;
  const { key, path, sha256, imports } = value as Record<string, unknown>;
  const importsRead = imports === undefined || (Array.isArray(imports) && imports.every(isPinnedImport));
  return typeof key === 'string' && typeof path === 'string' && (sha256 === null || typeof sha256 === 'string') && importsRead;
}

/**
 * Reads a record file's text. A record of format 1 (no `version`, written
 * before modules were pinned) and one that is unreadable or of another
 * version are `outdated`: the config's bytes were trusted, its modules are
 * unknown, so it loads again only after a new `loadout trust`.
 */
export function parseTrustRecord(text: string): StoredTrust {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'outdated', why: 'its trust record is unreadable' };
  }
  if (typeof value !== 'object' || value === null) return { kind: 'outdated', why: 'its trust record is unreadable' };
  const record = value as Record<string, unknown>;
  if (record['version'] === undefined) return { kind: 'outdated', why: 'it was trusted before `loadout trust` pinned the modules a config names' };
  if (record['version'] !== TRUST_RECORD_VERSION) return { kind: 'outdated', why: `its trust record has version ${JSON.stringify(record['version'])}, not ${TRUST_RECORD_VERSION}` };
  const { path, sha256, modules } = record;
  if (typeof path !== 'string' || typeof sha256 !== 'string' || !Array.isArray(modules) || !modules.every(isPinnedModule)) {
    return { kind: 'outdated', why: 'its trust record is unreadable' };
  }
  return { kind: 'pinned', record: { version: TRUST_RECORD_VERSION, path, sha256, modules } };
}
