import { createLoadoutError, isLoadoutError, toSearchHitRows, type Ranker } from '@loadout/core';
import { applyMods, applyQueryKind, withCheckedResults } from '@loadout/core/plugins';
import { MAX_SEARCH_LIMIT } from '@loadout/core/utils';
import type { Command } from './command.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_FEEDBACK_HELP, maxFeedbackFlag } from '../io/max-feedback-flag.js';
import { checkStoreLocation } from '../io/check-store-location.js';
import { MAX_TOOLS_RANGE, reportWarnings, type CommandWarning } from '../io/command-warnings.js';
import { noteDemoCatalog } from '../io/demo-catalog-note.js';
import { loadCatalog } from '../io/load-catalog.js';
import { withSavedDemoIndex } from '../io/demo-search-index.js';
import { BUILTIN_RANKER_NAMES, CONFIG_HELP } from '../config/config-help.js';
import { configMods } from '../config/config-mods.js';
import { createConfiguredRanker } from '../config/configured-ranker.js';
import { learnedForRanker } from './learned-ranker-choice.js';
import { withoutNextCall } from '../sandbox/without-next-call.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';
import { renderSearchView } from '../format/search-view.js';
import { formatCount } from '../format/render-table.js';
import { createProgressReporter, LARGE_CATALOG } from '../io/progress-reporter.js';
import { startBudgetOf } from '../sandbox/start-budget-of.js';

const help = `loadout search: rank a catalog's tools for a query, and say why they matched.

Usage:
  loadout search "QUERY" [--catalog FILE] [--ranker NAME] [--limit N] [--json] [--explain]

Query forms:
  create github issue        keywords; naming a tool (find_free_time, "find free time") ranks it first
  +slack send message        a + term must appear in every result
  select:name_a,name_b       exactly those tools, by name

Options:
  --catalog FILE   catalog file (JSON, JSONL or MCP snapshot); default: the config's
                   "catalog", else the embedded demo catalog
  --ranker NAME    ${BUILTIN_RANKER_NAMES},
                   or one the config's "rankers" adds (default: the config's "ranker",
                   else the one --feedback's decision was learned for, else bm25f)
  --limit N        results, 1-100 (default 5)
  --explain        show matched terms, field and component contributions; what its "learned
                   features" (firstStage, cover, sameServerTop10, …) mean: loadout learn --help
  --feedback STORE use what loadout learn learned from this feedback store (when its
                   decision, learned.json beside it, switched learning on; rankers that learn
                   from usage only, such as bm25f: capabilities.usage in the definition)
${MAX_FEEDBACK_HELP}
  --json           print {query, ranker, tools, issues, warnings: [{code, message}], hits: [{rank,
                   score, tool, name, server, description, explanation?}]}
  --strict         exit 2 when a tool is invalid or skipped (nameless, duplicate, bad schema), or
                   when --feedback's learned.json is damaged [learned-decision-invalid] or was
                   learned for another ranker than --ranker [learned-other-ranker]
  --max-tools N    accept catalogs of up to N tools (default 10,000, the spec's limit)
  --config FILE    configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present)
  --no-config      ignore the current folder's loadout.config.*
  -h, --help       show this help

Skipped tools are reported on stderr (and in "issues" with --json).

${CONFIG_HELP}
The config's mods and plugins rewrite descriptions before indexing; a mod that
fails for a tool is skipped and reported on stderr (and in "warnings" with --json).

Examples:
  (tools.jsonl: your own catalog; without --catalog the embedded demo is searched)
  loadout search "open a pull request"
  loadout search "+slack post a message" --explain
  loadout search "weather in paris" --catalog tools.jsonl --ranker hybrid --json
`;

/** `loadout search`: ranked tools with scores and explanations. */
export const searchCommand: Command = {
  name: 'search',
  help,
  async run(argv, context) {
    const startedAt = Date.now();
    const parsed = parseArguments('search', argv, {
      catalog: { type: 'string' },
      ranker: { type: 'string' },
      limit: { type: 'string' },
      explain: { type: 'boolean' },
      json: { type: 'boolean' },
      ...CONFIG_OPTIONS,
      strict: { type: 'boolean' },
      'max-tools': { type: 'string' },
      feedback: { type: 'string' },
      'max-feedback': { type: 'string' },
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const maxFeedbackBytes = maxFeedbackFlag(parsed, 'feedback');
    const feedbackFlag = stringFlag(parsed, 'feedback');
    if (feedbackFlag !== undefined) checkStoreLocation(feedbackFlag, 'feedback', { flag: 'feedback' }, context.env);
    const query = parsed.positionals.join(' ');
    if (query.trim() === '') {
      throw createLoadoutError('query-empty', 'needs a QUERY: say in words what the tool should do, e.g. loadout search "open a pull request" (see loadout search --help)');
    }
    // Progress on stderr as eval's: a plug-in's import or start, or an index, over a second.
    const progress = createProgressReporter({ write: context.stderr, prefix: 'loadout search', startedAt });
    const config = await loadCommandConfig('search', parsed, context, undefined, undefined, progress);
    const limit = integerFlag(parsed, 'limit', { min: 1, max: MAX_SEARCH_LIMIT }) ?? config.limit ?? 5;
    const explain = Boolean(parsed.values['explain']);
    // The query syntax applies per the ranker's definition: a pattern ranker (regex) is never wrapped.
    // Unnamed (no --ranker, no config "ranker"), the ranker is the one --feedback's decision was learned and judged for.
    const named = stringFlag(parsed, 'ranker') ?? (config.ranker !== undefined || feedbackFlag === undefined ? undefined : await learnedForRanker(feedbackFlag, context.cwd, config.registry));
    const { name: rankerName, definition, inner, withUsage } = await createConfiguredRanker(config, named);
    const strict = Boolean(parsed.values['strict']);
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
    const loaded = await loadCatalog(stringFlag(parsed, 'catalog') ?? config.catalog, context.cwd, {
      strict,
      ...(maxTools === undefined ? {} : { maxTools }),
    });
    noteDemoCatalog('search', config, loaded, context);
    const { catalog, warnings: modWarnings } = applyMods(loaded.catalog, configMods(config));
    reportWarnings('search', [...loaded.issues, ...modWarnings], context, strict);
    // --json's "warnings": what stderr said besides the skipped tools (those are its "issues").
    const warnings: CommandWarning[] = [...modWarnings];
    const feedback = stringFlag(parsed, 'feedback');
    if (feedback !== undefined && withUsage === undefined) {
      // As eval and learn refuse it (invalid-option); here a warning, which --strict makes an error.
      const message = `ranker ${JSON.stringify(rankerName)} does not learn from usage (its definition declares no capabilities.usage); searching without usage`;
      reportWarnings('search', [{ code: 'invalid-option', message }], context, strict);
      warnings.push({ code: 'invalid-option', message });
    }
    const learnedFactory =
      feedback === undefined || withUsage === undefined
        ? undefined
        : await (await import('./learned-ranker.js')).loadLearnedRankerFactory(feedback, catalog.tools, context, {
            name: rankerName,
            learns: definition.capabilities?.usage?.learns ?? [],
            withUsage,
            command: 'search',
            strict,
            ...(maxFeedbackBytes === undefined ? {} : { maxFeedbackBytes }),
          });
    const learned = await learnedFactory?.();
    const base = learned ?? inner;
    // Every result is checked (ranker-invalid-result: NaN scores, unknown or repeated tools, a throwing plug-in).
    const wrap = (next: Ranker): Ranker => applyQueryKind(definition, withCheckedResults(next));
    // The build's saved index of the embedded catalog fits only its own descriptions, so not after mods rewrote them.
    const saved = loaded.embedded && catalog === loaded.catalog && config.rankerOptions === undefined && learned === undefined;
    let ranker = wrap(saved ? withSavedDemoIndex(base) : base);
    // As eval says it: a large catalog's index as it begins, any index (a plug-in starting, with its budget) every second it is awaited.
    const indexing = `indexing ${formatCount(catalog.tools.length)} tools with ${rankerName}`;
    progress.announce(indexing, catalog.tools.length >= LARGE_CATALOG);
    const endWait = progress.wait(() => {
      const budgetMs = startBudgetOf(base);
      return budgetMs === undefined ? { what: indexing } : { what: `${rankerName}: starting`, budgetMs };
    });
    try {
      await ranker.index(catalog.tools);
    } catch (error) {
      if (!isLoadoutError(error) || error.code !== 'index-corrupt') throw withoutNextCall(error);
      ranker = wrap(inner);
      await ranker.index(catalog.tools);
    } finally {
      endWait();
    }
    // One search, so a plug-in's error does not promise a next call.
    const hits = await Promise.resolve()
      .then(() => ranker.search(query, { limit, explain }))
      .catch((error: unknown) => Promise.reject(withoutNextCall(error)));
    if (parsed.values['json']) {
      const rows = toSearchHitRows(hits);
      context.stdout(JSON.stringify({ query, ranker: rankerName, ...(learned === undefined ? {} : { learned: true }), tools: catalog.tools.length, issues: loaded.issues, warnings, hits: rows }, null, 2) + '\n');
    } else {
      // What runs: the ranker, plus what loadout learn learned when --feedback switched it on.
      context.stdout(renderSearchView(query, hits, { explain, ranker: learned === undefined ? rankerName : `${rankerName} + learned`, tools: catalog.tools.length }));
    }
    return 0;
  },
};
