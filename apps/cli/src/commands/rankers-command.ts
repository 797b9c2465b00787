import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { readOptions } from '@loadout/core/plugins';
import { rankerLoadError } from '../config/broken-ranker.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';
import { rankerView, renderRankers } from '../format/rankers-view.js';
import { parseArguments } from '../io/parse-arguments.js';
import type { Command } from './command.js';

const help = `loadout rankers: list every ranker you can choose, with its options.

Usage:
  loadout rankers [--verbose] [--json] [--config FILE | --no-config]

Lists the built-in rankers and the ones the config's "rankers" adds: each with
its description, capabilities (browser-safe, saves its index, learns from usage)
and options (type, default, range): the top-level ones, an object option such as
fieldWeights or bm25 with how many options it holds (--verbose lists them all,
as bm25.k1; --json has them all). Options go in the config's "rankerOptions"
(for its "ranker"), and are checked at every level: an unknown key or a value out
of range is invalid-option, naming it.

A plug-in ranker whose module does not load (it throws, has a syntax error, is
not a ranker definition) is listed with its error and code, and named in a
warning on stderr; a mod file that does not load is left out with a warning.
The others are listed as usual and the exit code stays 0 (search, eval, learn
and serve refuse what is broken).

Options:
  --verbose        list the options inside object options too (fieldWeights.name,
                   bm25.k1, …)
  --json           print {"default", "rankers": [{"name", "default", "description",
                   "queryKind", "capabilities": {"browserSafe", "persistence",
                   "learnsFromUsage"}, "options": {NAME: {"type", "description",
                   "default"?, "min"?, "max"?, "values"?, "properties"?}}}]};
                   a ranker whose module did not load is {"name", "default",
                   "error": {"code", "message"}} (the message names its file)
  --config FILE    configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present)
  --no-config      ignore the current folder's loadout.config.*
  -h, --help       show this help

Examples:
  loadout rankers
  loadout rankers --verbose
  loadout rankers --json
`;

/** `loadout rankers`: every registered ranker, its capabilities and options. */
export const rankersCommand: Command = {
  name: 'rankers',
  help,
  async run(argv, context) {
    const parsed = parseArguments('rankers', argv, { json: { type: 'boolean' }, verbose: { type: 'boolean' }, ...CONFIG_OPTIONS });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    if (parsed.positionals.length > 0) throw createLoadoutError('invalid-option', `unexpected argument ${JSON.stringify(parsed.positionals[0])}: loadout rankers lists every ranker (see loadout rankers --help)`);
    const config = await loadCommandConfig('rankers', parsed, context);
    const defaultRanker = config.ranker ?? config.registry.defaultRanker;
    try {
      readOptions(`ranker ${JSON.stringify(defaultRanker)}`, config.registry.ranker(defaultRanker).options, config.rankerOptions);
    } catch (error) {
      // Listed anyway, so the options can be looked up; every command that ranks refuses this config.
      if (!isLoadoutError(error)) throw error;
      context.stderr(`loadout rankers: warning: the config's rankerOptions: ${error.message}; search, eval, learn and serve refuse it [${error.code}]\n`);
    }
    const views = config.registry.rankers.map((definition) => rankerView(definition, defaultRanker, rankerLoadError(definition)));
    for (const view of views) if ('error' in view) context.stderr(`loadout rankers: warning: ${view.error.message} [${view.error.code}]\n`);
    context.stdout(parsed.values['json'] ? JSON.stringify({ default: defaultRanker, rankers: views }, null, 2) + '\n' : renderRankers(views, { verbose: parsed.values['verbose'] === true }));
    return 0;
  },
};
