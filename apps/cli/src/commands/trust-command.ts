import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLoadoutError, isLoadoutError, parseJson } from '@loadout/core';
import type { Command } from './command.js';
import { parseArguments } from '../io/parse-arguments.js';
import { codeReasons, recordTrust, revokeTrust } from '../config/config-trust.js';
import { CONFIG_FILE_NAMES } from '../config/loadout-config.js';

const help = `loadout trust: let this folder's config run code (as direnv allow does).

Usage:
  loadout trust [FILE] [--revoke]

A config that runs code (loadout.config.mjs|.js|.ts, or a loadout.config.json
naming "plugins" or "rankers" modules, or "mcpServers" commands for loadout
serve) is loaded from the current folder only once trusted: a repository you
clone cannot run its code on loadout search, plan, eval, learn or serve. Read the config (and the modules it names), then
trust it. The record is per path and content: after any edit to the config,
trust it again. A config named with --config is loaded without this record;
--no-config ignores the folder's config.

Records live in $LOADOUT_CONFIG_HOME/trust, else $XDG_CONFIG_HOME/loadout/trust,
else ~/.config/loadout/trust.

Options:
  FILE         the config to trust (default: the first of ${CONFIG_FILE_NAMES.join(', ')}
               in the current folder)
  --revoke     remove the record: the config stops loading until trusted again
  -h, --help   show this help

Examples:
  loadout trust
  loadout trust --revoke
`;

function findConfig(cwd: string, named: string | undefined): string {
  if (named !== undefined) return resolve(cwd, named);
  const found = CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate));
  if (found === undefined) throw createLoadoutError('file-not-found', `no ${CONFIG_FILE_NAMES.join(' | ')} in ${cwd}; nothing to trust`, { path: cwd });
  return found;
}

/** Why the config runs code, read without running it (a JSON config is parsed, a module never imported). */
async function reasonsOf(path: string): Promise<string[]> {
  if (!path.endsWith('.json')) return codeReasons(path, undefined);
  const { readTextFile } = await import('@loadout/eval/files');
  try {
    return codeReasons(path, parseJson(await readTextFile(path), path), true);
  } catch (error) {
    if (isLoadoutError(error) && error.code === 'catalog-invalid-json') throw createLoadoutError('config-invalid', error.message, { path });
    throw error;
  }
}

/** `loadout trust`: record the current folder's config as trusted (or revoke it). */
export const trustCommand: Command = {
  name: 'trust',
  help,
  async run(argv, context) {
    const parsed = parseArguments('trust', argv, { revoke: { type: 'boolean' } });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    if (parsed.positionals.length > 1) throw createLoadoutError('invalid-option', `expected at most one FILE, got ${parsed.positionals.length} (see loadout trust --help)`);
    const path = findConfig(context.cwd, parsed.positionals[0]);
    if (parsed.values['revoke'] === true) {
      const removed = await revokeTrust(path, context.env);
      context.stdout(removed ? `revoked: ${path} no longer loads from its folder until trusted again\n` : `${path} was not trusted (with this content); nothing to revoke\n`);
      return 0;
    }
    const reasons = await reasonsOf(path);
    const record = await recordTrust(path, context.env);
    const why = reasons.length === 0 ? 'it runs no code, so it loaded without trust too' : `it runs code: ${reasons.join(', ')}`;
    context.stdout(`trusted ${record.path} (sha256 ${record.sha256.slice(0, 12)}…): ${why}; after any edit, run loadout trust again\n`);
    return 0;
  },
};
