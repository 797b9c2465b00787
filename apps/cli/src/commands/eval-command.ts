import { resolve } from 'node:path';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { countOf } from '../format/count-of.js';
import { isRecord } from '@loadout/core/utils';
import type { Ranker } from '@loadout/core';
import { readOptions, withCheckedResults } from '@loadout/core/plugins';
import { learnedRankerName, renderLearningReport } from '../format/learning-view.js';
import { renderComparison, renderMisses } from '../format/comparison-view.js';
import { rankerLabel } from '../format/ranker-label.js';
import { formatLatencyMs, p99Note } from '../format/latency-ms.js';
import type { EvalFeedback } from './eval-feedback.js';
import type { Command } from './command.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import type { ParsedArguments } from '../io/parse-arguments.js';
import { MAX_TOOLS_RANGE, reportWarnings, type CommandWarning } from '../io/command-warnings.js';
import { checkWritable } from '../io/check-writable.js';
import { guardOutputFile, sameFile } from '../io/guard-output-file.js';
import { EVAL_REPORT_FILE } from '../io/eval-report-file.js';
import { createProgressReporter } from '../io/progress-reporter.js';
import { readEvalInputs } from '../io/read-eval-inputs.js';
import { maxFeedbackFlag } from '../io/max-feedback-flag.js';
import { feedbackOverlap, type FeedbackOverlap } from './eval-feedback-overlap.js';
import { checkFileFlag } from '../io/check-file-flag.js';
import { checkStoreLocation } from '../io/check-store-location.js';
import { isDatabaseStore } from '../io/open-feedback-store.js';
import { longQueriesWarning } from './eval-long-queries.js';
import { repeatedQueriesWarning } from './eval-repeated-queries.js';
import { queryRepeats } from '@loadout/eval';
import { findInSample, inSampleNote, inSampleWarning } from './eval-in-sample.js';
import { formatCount } from '../format/render-table.js';
import { evalHelp as help } from './eval-help.js';
import { compareRuns, runMisses, type RankerRun } from './eval-comparison.js';
import { readEvalRankerList } from './eval-ranker-list.js';
import { failedRun, rankerFailed, runRankers } from './eval-run.js';
import type { BuiltRanker } from './eval-run.js';
import { createConfiguredRanker } from '../config/configured-ranker.js';
import { rankerLoadError } from '../config/broken-ranker.js';
import { startBudgetOf } from '../sandbox/start-budget-of.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';

/** Eval queries can be long task descriptions: they are answered and scored past the 500-character search limit (recorded figures depend on it), with a warning saying how many a deployment would refuse. */
const EVAL_MAX_QUERY_LENGTH = 1_000_000;
/** `--misses N`: 0 (none) to 1,000 worst queries per ranker. */
const MISSES_RANGE = { min: 0, max: 1000 } as const;
/** Worst queries the `--report` page shows per ranker when `--misses` is not given. */
const REPORT_MISSES = 10;

const percent = (value: number): string => (value * 100).toFixed(1);

/** The ranker as the text and the report name it: `bm25f + learned` when learning switched on (as search --feedback says), then its options when not the defaults (`bm25f {k1: 1}`). */
function shownName(run: RankerRun, learning: EvalFeedback | undefined): string {
  return rankerLabel({ ...run, ranker: learning === undefined ? run.ranker : learnedRankerName(run.ranker, learning.report) });
}

/** Today's single-ranker summary (unchanged by the comparison). */
function renderSingle(run: RankerRun, set: string, learning: EvalFeedback | undefined): string {
  const { result } = run;
  const ranker = shownName(run, learning);
  const lines = [
    `${set}: ${countOf(result.queries, 'query', 'queries')} over ${countOf(result.tools, 'tool')}, ranker ${ranker}`,
    `  Recall@5  ${percent(result['recall@5'])}`,
    `  NDCG@5    ${percent(result['ndcg@5'])}`,
    `  MRR@10    ${percent(result['mrr@10'])}`,
    `  latency   p50 ${formatLatencyMs(result.p50Ms)} ms, p99 ${formatLatencyMs(result.p99Ms)} ms; index built in ${result.buildMs.toFixed(0)} ms`,
  ];
  if (learning !== undefined) lines.push(...renderLearningReport(learning.report, run.ranker).map((line) => `  ${line}`));
  if (result.failedQueries > 0) lines.push(`  ${countOf(result.failedQueries, 'query', 'queries')} failed and scored as ${result.failedQueries === 1 ? 'a miss' : 'misses'} (first: ${result.firstError ?? 'unknown'})`);
  return lines.join('\n') + '\n';
}

/** `--tools FILE`, or `--catalog FILE` as search names it (one of them). */
function catalogFlag(parsed: ParsedArguments): string | undefined {
  const [tools, catalog] = [stringFlag(parsed, 'tools'), stringFlag(parsed, 'catalog')];
  if (tools !== undefined && catalog !== undefined) throw createLoadoutError('invalid-option', '--tools and --catalog both name the catalog; give one', { flag: 'catalog' });
  return tools ?? catalog;
}

/** `loadout eval`: Recall@5, NDCG@5, MRR@10 and latency of one ranker, or several side by side with a recommendation. */
export const evalCommand: Command = {
  name: 'eval',
  help,
  async run(argv, context) {
    const startedAt = Date.now();
    const parsed = parseArguments('eval', argv, {
      tools: { type: 'string' },
      catalog: { type: 'string' },
      queries: { type: 'string' },
      ranker: { type: 'string' },
      json: { type: 'boolean' },
      ...CONFIG_OPTIONS,
      feedback: { type: 'string' },
      'max-feedback': { type: 'string' },
      'allow-failures': { type: 'boolean' },
      'max-tools': { type: 'string' },
      strict: { type: 'boolean' },
      misses: { type: 'string' },
      report: { type: 'string' },
    }, { positionals: false });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    // Every flag is checked before any file is read or written. A file flag given a URL would be "no such file", its password shown.
    for (const flag of ['tools', 'catalog', 'queries', 'report', 'config']) checkFileFlag(stringFlag(parsed, flag), flag);
    const feedbackPath = stringFlag(parsed, 'feedback');
    // A file of events, or a store as search --feedback names one (a postgres:// URL: its events); any other URL is refused, masked.
    if (feedbackPath !== undefined) checkStoreLocation(feedbackPath, 'feedback', { flag: 'feedback' }, context.env);
    const maxFeedbackBytes = maxFeedbackFlag(parsed, 'feedback');
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
    const missesFlag = integerFlag(parsed, 'misses', MISSES_RANGE);
    // --misses 0 asks for none: no section in the text, no misses key in --json (the report shows none either).
    const misses = missesFlag === 0 ? undefined : missesFlag;
    const reportPath = stringFlag(parsed, 'report');
    if (reportPath !== undefined) await checkWritable(reportPath, context.cwd);
    // One reporter for loading plug-ins, learning, indexing and answering: a phase begun once the run has gone on a second is said as it begins.
    const progress = createProgressReporter({ write: context.stderr, prefix: 'loadout eval', startedAt });
    const config = await loadCommandConfig('eval', parsed, context, undefined, undefined, progress);
    const toolsPath = catalogFlag(parsed);
    const queriesPath = stringFlag(parsed, 'queries');
    if (reportPath !== undefined) {
      // Never a file this command reads; another existing file only when it is empty or an earlier report.
      const reads = [toolsPath ?? config.catalog, queriesPath, feedbackPath, config.path].filter((path): path is string => path !== undefined);
      await guardOutputFile(reportPath, context.cwd, EVAL_REPORT_FILE, { protect: reads });
    }
    const list = readEvalRankerList(stringFlag(parsed, 'ranker'), config.ranker, config.registry);
    // The config's rankerOptions are the configured ranker's: wrong ones are a config error (exit 2) in every mode, checked before anything is measured.
    const configured = config.ranker ?? config.registry.defaultRanker;
    if (list.names.includes(configured)) readOptions(`ranker ${JSON.stringify(configured)}`, config.registry.ranker(configured).options, config.rankerOptions);
    if (list.patterns.length > 0) context.stderr(`loadout eval: leaving out ${list.patterns.join(', ')}: ${list.patterns.length === 1 ? 'its queries are patterns' : 'their queries are patterns'}, not words (name ${list.patterns.length === 1 ? 'it' : 'them'} in --ranker to compare ${list.patterns.length === 1 ? 'it' : 'them'} anyway)\n`);
    if (feedbackPath !== undefined && queriesPath !== undefined && !isDatabaseStore(feedbackPath) && (await sameFile(resolve(context.cwd, feedbackPath), resolve(context.cwd, queriesPath)))) {
      throw createLoadoutError(
        'invalid-option',
        `--feedback and --queries both name ${queriesPath}: learning from the very searches it then scores says nothing about new ones. Split the log by time: its older lines to --feedback, its newer ones to --queries (for a 1,000-line log: head -n 800 ${queriesPath} > older.jsonl; tail -n +801 ${queriesPath} > newer.jsonl)`,
        { flag: 'queries', value: queriesPath },
      );
    }
    if (feedbackPath !== undefined && list.names.length > 1) {
      throw createLoadoutError('invalid-option', `--feedback learns for one ranker; name one with --ranker (got ${list.names.length}: ${list.names.join(', ')})`, { flag: 'feedback' });
    }
    const rankerName = list.names[0]!;
    if (feedbackPath !== undefined && config.registry.ranker(rankerName).capabilities?.usage === undefined) {
      throw createLoadoutError(
        'invalid-option',
        `--feedback learns a usage field, and ranker ${JSON.stringify(rankerName)} does not take one (its definition declares no capabilities.usage)`,
        { ranker: rankerName },
      );
    }
    const { evalSet, catalog, warnings } = await readEvalInputs(
      { toolsPath, queriesPath, maxTools, strict: Boolean(parsed.values['strict']) },
      config,
      context,
    );
    // Every coded warning eval prints is said on stderr in every mode and carried in --json's "warnings", after the mods'.
    const evalWarnings: CommandWarning[] = [];
    const warn = (warning: CommandWarning | undefined): void => {
      if (warning === undefined) return;
      evalWarnings.push(warning);
      reportWarnings('eval', [warning], context, false);
    };
    warn(longQueriesWarning(evalSet.queries));
    warn(repeatedQueriesWarning(queryRepeats(evalSet.queries), evalSet.queries.length));
    let learning: EvalFeedback | undefined;
    let overlap: FeedbackOverlap | undefined;
    // Every ranker is built first, then all are measured together (interleaved), so that none pays for being listed first.
    const slots: (RankerRun | BuiltRanker)[] = [];
    for (const [index, name] of list.names.entries()) {
      let ranker: Ranker;
      let startBudget: (() => number | undefined) | undefined;
      try {
        if (feedbackPath !== undefined) {
          const { learnForEval } = await import('./eval-feedback.js');
          const { definition, withUsage } = await createConfiguredRanker(config, name);
          // Queries the ranker learns from overstate it: said on stderr as soon as the feedback is read, in --json (feedbackOverlap) and on the report.
          const onRead = ({ path, queries }: { readonly path: string; readonly queries: ReadonlySet<string> }): void => {
            overlap = feedbackOverlap(evalSet.queries.map((query) => query.query), queries, { queries: queriesPath ?? 'the demo queries', feedback: path });
            if (overlap.warning !== undefined) context.stderr(`loadout eval: warning: ${overlap.warning}\n`);
          };
          learning = await learnForEval(feedbackPath, catalog.tools, context, { learns: definition.capabilities?.usage?.learns ?? [], withUsage: withUsage! }, progress, { maxFeedbackBytes, onRead });
          ranker = withCheckedResults(learning.ranker);
        } else {
          const configured = await createConfiguredRanker(config, name, { maxQueryLength: EVAL_MAX_QUERY_LENGTH });
          ranker = configured.ranker;
          // A plug-in starts in its worker at its first index: the progress says so, with its budget.
          startBudget = () => startBudgetOf(configured.inner);
        }
      } catch (error) {
        // The config's rankerOptions that its ranker refuses are the config's mistake, not a ranker failing: exit 2, as with one ranker.
        if (name === configured && isLoadoutError(error) && error.code === 'invalid-option') throw error;
        // The deployment's own ranker whose module does not load: the config's error (exit 2), as without `all`.
        if (name === configured && rankerLoadError(config.registry.ranker(name)) !== undefined) throw error;
        // `all` means every ranker this environment can build: one that cannot (a model not installed, a module that does not load) is skipped, said on stderr and in --json's "warnings".
        if (list.all && isLoadoutError(error) && index > 0) {
          warn({ code: error.code, message: `skipping ranker ${JSON.stringify(name)}: ${error.message}` });
          continue;
        }
        if (list.names.length === 1) throw rankerFailed(name, error);
        slots.push(failedRun(name, evalSet, catalog.tools.length, rankerFailed(name, error)));
        continue;
      }
      slots.push({ name, ranker, ...(startBudget === undefined ? {} : { startBudget }) });
    }
    const built = slots.filter((slot): slot is BuiltRanker => !('result' in slot));
    // One ranker of a comparison that cannot index fails every query; the others are still measured.
    const measured = await runRankers(built, evalSet, progress, catalog.tools.length);
    // The config's rankerOptions are its ranker's: that run is labelled with them (text, report) and carries them (--json's options).
    const given = isRecord(config.rankerOptions) && Object.keys(config.rankerOptions).length > 0 ? config.rankerOptions : undefined;
    const runs: RankerRun[] = slots
      .map((slot) => ('result' in slot ? slot : measured[built.indexOf(slot)]!))
      .map((run) => (given !== undefined && run.ranker === configured ? { ...run, options: given } : run));
    // A query whose search threw or returned an invalid result (ranker-invalid-result) fails the run, after everything is printed.
    const failed = runs.some((run) => run.result.failedQueries > 0);
    const exitCode = failed && parsed.values['allow-failures'] !== true ? 1 : 0;
    // A shipped model scored on the queries it was trained on: stderr in every mode (the --json keys are a contract), and a note under the text.
    const ownModel = isRecord(config.rankerOptions) && config.rankerOptions['model'] !== undefined ? [configured] : [];
    const inSample = findInSample(
      runs.map((run) => run.ranker),
      evalSet.queries.map((query) => query.query),
      ownModel,
    );
    // The same rankers are never recommended: their figures are in-sample (the reason says so).
    const comparison = runs.length > 1 ? compareRuns(runs, evalSet, misses, inSample) : undefined;
    if (reportPath !== undefined) {
      const { writeReport } = await import('./eval-report.js');
      await writeReport(reportPath, context, comparison, runs, evalSet, { misses: missesFlag ?? REPORT_MISSES, inSample, overlap }, learning);
    }
    const json = Boolean(parsed.values['json']);
    if (inSample !== undefined) warn(inSampleWarning(inSample));
    const allWarnings = [...warnings, ...evalWarnings];
    // Text only: the in-sample caveat, and that p99 over fewer than 100 queries is the slowest query's time.
    const notes = json ? '' : `${inSample === undefined ? '' : inSampleNote(inSample)}${p99Note(evalSet.queries.length)}`;
    const note = notes === '' ? '' : `\n${notes}`;
    if (runs.length === 1) {
      const run = runs[0]!;
      const missed = misses === undefined ? undefined : runMisses(run, evalSet, misses);
      if (json) {
        const learned =
          learning === undefined
            ? {}
            : { learning: { ...learning.report, feedbackEvents: learning.events, skippedLines: learning.skips.lines } };
        context.stdout(JSON.stringify({ ranker: run.ranker, set: evalSet.name, ...run.result, ...(run.options === undefined ? {} : { options: run.options }), ...learned, ...(missed === undefined ? {} : { misses: missed }), ...(overlap === undefined ? {} : { feedbackOverlap: overlap }), ...(inSample?.rankers.includes(run.ranker) === true ? { inSample: true } : {}), warnings: allWarnings }, null, 2) + '\n');
      } else {
        context.stdout(renderSingle(run, evalSet.name, learning) + (missed === undefined ? '' : `\n${renderMisses(shownName(run, learning), missed, misses!)}`) + note);
      }
      return exitCode;
    }
    const failures = runs.filter((run) => run.result.failedQueries > 0).map((run) => `${run.ranker}: ${countOf(run.result.failedQueries, 'query', 'queries')} failed and scored as ${run.result.failedQueries === 1 ? 'a miss' : 'misses'} (first: ${run.result.firstError ?? 'unknown'})\n`);
    if (json) {
      // stdout is the contract; why queries failed (and each error's code) goes to stderr.
      for (const line of failures) context.stderr(`loadout eval: ${line}`);
      context.stdout(JSON.stringify({ ...comparison, warnings: allWarnings }, null, 2) + '\n');
      return exitCode;
    }
    const missText = misses === undefined ? [] : comparison!.rankers.map((row) => renderMisses(rankerLabel(row), row.misses ?? [], misses));
    context.stdout([renderComparison(comparison!), ...failures, ...missText.map((text) => `\n${text}`), note].join(''));
    return exitCode;
  },
};
