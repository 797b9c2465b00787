import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import type { Command } from './command.js';
import { parseArguments } from '../io/parse-arguments.js';
import { codeReasons } from '../config/code-reasons.js';
import { recordTrust, revokeTrust, type TrustRecord } from '../config/config-trust.js';
import { CONFIG_FILE_NAMES } from '../config/loadout-config.js';
import { namedModules } from '../config/named-modules.js';
import { readConfigJson } from '../config/read-config-value.js';

const help = `loadout trust: let this folder's config, and the modules it names, run code
(as direnv allow does).

Usage:
  loadout trust [FILE] [--revoke]

A config that runs code (loadout.config.mjs|.js|.ts, or a loadout.config.json
naming "plugins" or "rankers" modules, or "mcpServers" commands for loadout
serve) is loaded from the current folder only once trusted: a repository you
clone cannot run its code on loadout search, plan, eval, learn or serve. Read
the config and the modules it names, then trust it.

The record pins the content of the config, of every module it names by
path ("./team-mods.mjs" in "rankers" or "plugins"), and of every local file
those modules import, directly or not (import, export from, require and
import() of a literal path), found without running them; loadout trust
lists them all, and refuses a config naming a module that does not exist
(plugin-not-found). A module whose imports cannot be listed (a syntax error,
an import of a missing file) is pinned alone with a warning: it cannot load
until fixed and trusted again, and the config's other modules can. After any edit to one of
them (a git pull, too), the config does not load until trusted again, and
the refusal names the file that changed. A plug-in module loads the pinned
bytes of the files it imports, and no other local file: one it imports by
a name computed at run time, or added since, is refused (config-untrusted)
and never runs (a require made with createRequire is neither pinned nor
refused: use import). A config has one record: trusting new content replaces the
old one, so restoring an earlier version needs loadout trust again too. To
read which modules a module config names, loadout trust imports it
(trusting it lets it run); the modules are only read. Not pinned: packages
(imported or named by name, wherever they resolve, a linked or workspace
package too: your lockfile pins them), the files the config itself imports, files a plug-in reads as data
(fs.readFile), and the programs that "mcpServers" start.

A config named with --config is loaded without this record; --no-config
ignores the folder's config. Records live in $LOADOUT_CONFIG_HOME/trust, else
$XDG_CONFIG_HOME/loadout/trust, else ~/.config/loadout/trust.

Options:
  FILE         the config to trust (default: the first of ${CONFIG_FILE_NAMES.join(', ')}
               in the current folder), or a module the folder's loadout.config.json
               names (that config is trusted); any other file is refused
  --revoke     remove its records (of every content it had): the config stops
               loading until trusted again
  -h, --help   show this help

Examples:
  loadout trust
  loadout trust --revoke
`;

function folderConfig(cwd: string): string | undefined {
  return CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)).find((candidate) => existsSync(candidate));
}

/** Whether the folder's JSON config names `module` by path (a module config is not run to tell). */
async function namesModule(config: string | undefined, module: string): Promise<boolean> {
  if (config === undefined || !config.endsWith('.json')) return false;
  const real = realpathSync(module);
  const { files } = namedModules(await readConfigJson(config, dirname(config)), dirname(config));
  return files.some((named) => existsSync(named.file) && realpathSync(named.file) === real);
}

/** The config FILE names (itself, or the folder's config that names it as a module); anything else is refused. */
async function findConfig(cwd: string, named: string | undefined): Promise<string> {
  const found = folderConfig(cwd);
  if (named === undefined) {
    if (found === undefined) throw createLoadoutError('file-not-found', `no ${CONFIG_FILE_NAMES.join(' | ')} in ${cwd}; nothing to trust`, { path: cwd });
    return found;
  }
  const path = resolve(cwd, named);
  if (!existsSync(path)) throw createLoadoutError('file-not-found', `cannot read ${path}: ENOENT`, { path, code: 'ENOENT' });
  if ((CONFIG_FILE_NAMES as readonly string[]).includes(basename(path))) return path;
  if (await namesModule(found, path)) return found as string;
  throw createLoadoutError(
    'invalid-option',
    `${path} is not a config (${CONFIG_FILE_NAMES.join(' | ')}) nor a module the folder's loadout.config.json names: ` +
      'loadout trust trusts a config with the modules it names (run it without FILE for this folder\'s); a catalog or other data file runs no code and needs no trust',
    { path },
  );
}

/** Why the config runs code, read without running it (a JSON config is parsed, a module never imported). */
async function reasonsOf(path: string): Promise<string[]> {
  return codeReasons(path, path.endsWith('.json') ? await readConfigJson(path, dirname(path)) : undefined, true);
}

/** What `loadout trust` prints: the config, why it runs code, then each module pinned with it and each package not pinned. */
function describeRecord(record: TrustRecord, reasons: readonly string[]): string {
  const why = reasons.length === 0 ? 'it runs no code, so it loaded without trust too' : `it runs code: ${reasons.join(', ')}`;
  const pinned = record.modules.length + record.packages.length === 0 ? 'after any edit, run loadout trust again' : 'after any edit to it or a module below, run loadout trust again';
  const lines = [`trusted ${record.path} (sha256 ${record.sha256.slice(0, 12)}…): ${why}; ${pinned}`];
  for (const module of record.modules) {
    lines.push(`  pinned ${module.path} (${module.key}, ${module.sha256 === null ? 'absent: it must stay absent' : `sha256 ${module.sha256.slice(0, 12)}…`})`);
    for (const imported of module.imports ?? []) lines.push(`    pinned ${imported.path} (imported by ${module.key}, sha256 ${imported.sha256.slice(0, 12)}…)`);
  }
  for (const item of record.packages) lines.push(`  not pinned: ${item.specifier} (${item.key}), a package resolved from node_modules`);
  for (const item of record.unlisted) lines.push(`  warning: ${item}; it cannot load until fixed, then run loadout trust again`);
  if (record.replaced > 0) lines.push(`  replaced ${record.replaced} record${record.replaced === 1 ? '' : 's'} of its earlier content: going back to that content needs loadout trust again`);
  return `${lines.join('\n')}\n`;
}

/** `loadout trust`: record the current folder's config, and the modules it names, as trusted (or revoke it). */
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
    const path = await findConfig(context.cwd, parsed.positionals[0]);
    if (parsed.values['revoke'] === true) {
      const removed = await revokeTrust(path, context.env);
      const records = `${removed} record${removed === 1 ? '' : 's'}`;
      context.stdout(removed > 0 ? `revoked: ${path} no longer loads from its folder until trusted again (${records} removed)\n` : `${path} was not trusted; nothing to revoke\n`);
      return 0;
    }
    const reasons = await reasonsOf(path);
    context.stdout(describeRecord(await recordTrust(path, context.env), reasons));
    return 0;
  },
};
