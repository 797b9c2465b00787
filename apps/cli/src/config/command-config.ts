import type { CliContext } from '../io/cli-context.js';
import { stringFlag, type ParsedArguments } from '../io/parse-arguments.js';
import { loadConfig } from './load-config.js';
import { createProgressReporter, type ProgressReporter } from '../io/progress-reporter.js';
import { rankerSelectionFor } from './ranker-selection.js';
import type { LoadoutConfig } from './loadout-config.js';

/** The flags of every command that reads a config: `--config FILE` and `--no-config`. */
export const CONFIG_OPTIONS = {
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
} as const;

/**
 * A command's config as its flags ask: `--config FILE` as named,
 * `--no-config` none, else the current folder's (trusted if it runs code,
 * see `assertTrusted`). Warnings go to `warn`, by default stderr prefixed
 * with `loadout COMMAND: warning:`. For `serve`, a plug-in ranker that
 * cannot start is replaced by bm25f with a warning (`fallbackRanker`), and
 * one that starts late takes over with a line to `info` (default: stderr
 * prefixed with `loadout COMMAND: info:`); the other commands get its error.
 * Only the plug-in rankers the command ranks with are imported (`--ranker`,
 * else the config's `ranker`; every one for `rankers` and `eval --ranker
 * all`, none for `plan`); a plug-in module still loading after a second is
 * said every second on `progress` (the command's own, or one on stderr; see
 * `ProgressReporter.wait`). The config's `rankerOptions` when `--ranker` leaves out its
 * ranker (they are not used) are said on `warn`. For `eval --ranker all`, a
 * plug-in ranker whose module does not load is registered with its error
 * (`keepBrokenRankers`), for eval to leave out.
 */
export async function loadCommandConfig(
  command: string,
  parsed: ParsedArguments,
  context: CliContext,
  warn: (message: string) => void = (message) => context.stderr(`loadout ${command}: warning: ${message}\n`),
  info: (message: string) => void = (message) => context.stderr(`loadout ${command}: info: ${message}\n`),
  progress: ProgressReporter = createProgressReporter({ write: context.stderr, prefix: `loadout ${command}` }),
): Promise<LoadoutConfig> {
  const rankers = rankerSelectionFor(command, stringFlag(parsed, 'ranker'));
  const config = await loadConfig(stringFlag(parsed, 'config'), context.cwd, warn, {
    noConfig: parsed.values['no-config'] === true,
    startsServers: command === 'serve',
    // A server keeps serving when its plug-in ranker cannot start: with bm25f, and one warning.
    fallbackRanker: command === 'serve',
    info,
    rankers,
    // Listing rankers, one whose module is broken is listed with its error, beside the others.
    keepBroken: command === 'rankers',
    // `eval --ranker all` measures every ranker that can be built: one whose module is broken is left out with a warning.
    keepBrokenRankers: command === 'eval' && rankers.kind === 'all',
    // A module's import over a second is said every second, as the command's other progress (`loadout eval: rankers.x (FILE): loading its module, 2 s of 10 s…`).
    waiting: (what, budgetMs) => progress.wait(() => ({ what, budgetMs })),
    env: context.env,
  });
  // Silently ignored before: options written for one ranker never reach another one --ranker picks.
  const configured = config.ranker ?? config.registry.defaultRanker;
  if (config.rankerOptions !== undefined && rankers.kind === 'named' && !rankers.names.includes(configured)) {
    const one = rankers.names.length === 1;
    warn(`the config's rankerOptions are for its ranker ${JSON.stringify(configured)}: --ranker ${rankers.names.join(',')} ${one ? 'runs' : 'run'} with ${one ? 'its' : 'their'} default options`);
  }
  return config;
}
