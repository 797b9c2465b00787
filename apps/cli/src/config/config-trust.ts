import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { createLoadoutError } from '@loadout/core';

/** Environment variables the trust records depend on. */
export type TrustEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * The folder holding the trust records: `$LOADOUT_CONFIG_HOME/trust`, else
 * `$XDG_CONFIG_HOME/loadout/trust`, else `~/.config/loadout/trust` (as
 * direnv keeps its `allow` records in the user's folders, never the project's).
 */
export function trustFolder(env: TrustEnvironment): string {
  const own = env['LOADOUT_CONFIG_HOME'];
  if (own !== undefined && own !== '') return join(own, 'trust');
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && xdg !== '' ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(base, 'loadout', 'trust');
}

/**
 * Why the config at `path` runs code when loaded, or an empty list: a
 * module config (`.mjs`/`.js`/`.ts`, …) always; a JSON config when it names
 * `plugins` or `rankers` modules (`file` is its parsed value), or, when
 * `startsServers` (`loadout serve`), `mcpServers` with a `command` to start.
 */
export function codeReasons(path: string, file: unknown, startsServers = false): string[] {
  if (!path.endsWith('.json')) return ['it is a module'];
  if (typeof file !== 'object' || file === null) return [];
  const reasons = ['plugins', 'rankers'].filter((key) => Object.hasOwn(file, key)).map((key) => `it names "${key}" modules`);
  const servers = (file as { mcpServers?: unknown }).mcpServers;
  const commands = typeof servers === 'object' && servers !== null && Object.values(servers).some((server) => typeof server === 'object' && server !== null && 'command' in server);
  if (startsServers && commands) reasons.push('its "mcpServers" name commands to start');
  return reasons;
}

/** One config file as a trust record names it: its real path and the SHA-256 of its bytes. */
interface ConfigIdentity {
  readonly path: string;
  readonly sha256: string;
  /** The record's file name: SHA-256 of path and content, so an edit (or a move) needs a new `loadout trust`. */
  readonly record: string;
}

function identify(path: string): ConfigIdentity {
  let real: string;
  let bytes: Buffer;
  try {
    real = realpathSync(path);
    bytes = readFileSync(real);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw createLoadoutError(code === 'ENOENT' ? 'file-not-found' : 'file-unreadable', `cannot read ${path}: ${code}`, { path, code });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const record = createHash('sha256').update(`${real}\n${sha256}`).digest('hex');
  return { path: real, sha256, record };
}

/** Whether `loadout trust` recorded the config at `path` with its current content. */
export async function isTrusted(path: string, env: TrustEnvironment): Promise<boolean> {
  const { record } = identify(path);
  return readFile(join(trustFolder(env), record)).then(
    () => true,
    () => false,
  );
}

/**
 * The gate in front of a folder's config: when loading the config at
 * `path` (found in the current folder, not named with `--config`) would run
 * code (see {@link codeReasons}) and `loadout trust` did not record it with
 * this content, throws `config-untrusted` naming the file, why it runs code
 * and the command that trusts it. Nothing is imported before this passes.
 */
export async function assertTrusted(path: string, file: unknown, env: TrustEnvironment, startsServers = false): Promise<void> {
  const reasons = codeReasons(path, file, startsServers);
  if (reasons.length === 0 || (await isTrusted(path, env))) return;
  throw createLoadoutError(
    'config-untrusted',
    `${path} runs code when loaded (${reasons.join(', ')}) and is not trusted: ` +
      'if you wrote it or read it, run `loadout trust` in this folder (again after each change), ' +
      `or pass --config ${basename(path)} to load it once; --no-config ignores it`,
    { path },
  );
}

/** What {@link recordTrust} recorded. */
export interface TrustRecord {
  /** The config's real path. */
  readonly path: string;
  /** SHA-256 of its content when trusted. */
  readonly sha256: string;
  /** The record file. */
  readonly file: string;
}

/** Records the config at `path`, with its current content, as trusted. */
export async function recordTrust(path: string, env: TrustEnvironment): Promise<TrustRecord> {
  const identity = identify(path);
  const folder = trustFolder(env);
  const file = join(folder, identity.record);
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeFile(file, `${JSON.stringify({ path: identity.path, sha256: identity.sha256 })}\n`, { mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw createLoadoutError('file-unwritable', `cannot write the trust record in ${folder}: ${code}`, { path: folder, code });
  }
  return { path: identity.path, sha256: identity.sha256, file };
}

/** Removes the trust record of the config at `path` with its current content; false when there was none. */
export async function revokeTrust(path: string, env: TrustEnvironment): Promise<boolean> {
  const trusted = await isTrusted(path, env);
  if (trusted) await rm(join(trustFolder(env), identify(path).record), { force: true });
  return trusted;
}
