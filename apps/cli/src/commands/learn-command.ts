import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { applyMods } from '@loadout/core/plugins';
import { isLearnedDecisionFile, learnFromFeedback } from '@loadout/learn';
import { openFeedbackStore, isDatabaseStore } from '../io/open-feedback-store.js';
import { checkStoreLocation } from '../io/check-store-location.js';
import type { FeedbackIssue, LearnedDecisionRead, ParsedFeedback } from '@loadout/learn';
import type { CatalogTool } from '@loadout/core';
import type { CliContext } from '../io/cli-context.js';
import type { Command } from './command.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_TOOLS_RANGE, reportWarnings } from '../io/command-warnings.js';
import { loadCatalog } from '../io/load-catalog.js';
import { MAX_FEEDBACK_HELP, maxFeedbackFlag } from '../io/max-feedback-flag.js';
import { readCommandFeedback } from '../io/read-command-feedback.js';
import { countFeedbackSkips, readFeedbackFile } from '../io/read-feedback-file.js';
import { countOf } from '../format/count-of.js';
import { formatCount } from '../format/render-table.js';
import { checkWritable } from '../io/check-writable.js';
import { guardOutputFile } from '../io/guard-output-file.js';
import type { OutputFileKind } from '../io/guard-output-file.js';
import { DEFAULT_FEEDBACK_STORE } from '../io/default-feedback-store.js';
import { describeFeedbackSkips, learningProgress, renderFeedbackIssues, renderLearningReport } from '../format/learning-view.js';
import { sharedNameEvents } from '../format/shared-name-events.js';
import { createProgressReporter, type ProgressReporter } from '../io/progress-reporter.js';
import { sayWhenInterrupted, type InterruptOptions } from '../io/say-when-interrupted.js';
import { yieldingRankers } from '../io/yielding-ranker.js';
import { createConfiguredRanker } from '../config/configured-ranker.js';
import { CONFIG_OPTIONS, loadCommandConfig } from '../config/command-config.js';
import { configMods } from '../config/config-mods.js';
import { LEARNED_FEATURES_HELP } from './learned-features-help.js';


/** What makes two usage events the same one: query, called tools and time (whole ms, as the store keeps it). */
function eventKey(event: ParsedFeedback['events'][number]): string {
  return JSON.stringify([event.query, event.called, event.at === undefined ? null : Math.trunc(event.at)]);
}

/**
 * The time an import gives the events of FILE without one: the import's
 * second, at its last millisecond, which marks them in the store as
 * imported without a time (a recorded event, or one with its own time,
 * rarely ends in 999 ms).
 */
function untimedImportTime(now: number): number {
  return Math.floor(now / 1000) * 1000 + 999;
}

/** Whether `path` is a folder (false when missing, or below a file). */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** What a refused or partial run left of the decision: `the decision in PATH is unchanged`, or that there is none yet. */
/** Prints `--json`'s one JSON object on stdout; exit 0. */
function printJson(context: CliContext, output: Readonly<Record<string, unknown>>): number {
  context.stdout(`${JSON.stringify(output, null, 2)}\n`);
  return 0;
}

function decisionLeft(read: LearnedDecisionRead, decisionPath: string): string {
  return read.kind === 'missing' ? `there is no decision yet (no ${decisionPath})` : `the decision in ${decisionPath} is unchanged`;
}

/**
 * The events (lines) whose called tools the catalog lacks, counted as
 * events, not tool names (an event may name several): `leftOut` named none
 * it has, `kept` were kept without those names.
 */
function unknownToolEvents(issues: readonly FeedbackIssue[]): { readonly leftOut: number; readonly kept: number } {
  const unknown = issues.filter((issue) => issue.code === 'feedback-unknown-tool');
  const kept = new Set(unknown.filter((issue) => issue.lineKept === true).map((issue) => issue.line));
  return { leftOut: new Set(unknown.filter((issue) => !kept.has(issue.line)).map((issue) => issue.line)).size, kept: kept.size };
}

const help = `loadout learn: learn ranking from a deployment's own usage (opt-in).

Usage:
  loadout learn [FILE] [--catalog FILE] [--max-tools N] [--store PATH] [--max-feedback BYTES]
                [--ranker NAME] [--json]
  loadout learn --compact [--store PATH] [--json]
  loadout learn --purge [--store PATH] [--json]

Imports the usage events of FILE into the feedback store (an event with an
"at" that is already stored, same query, tools and time, is not added again;
one without "at" is not added while the store holds its query and tools as
many times among events imported without "at", never counting recorded
ones: importing a log that grew since, or a file again, is safe); with no
FILE, learns from the store as it stands (what loadout serve --record
appended; it records a call only after a search that found the tool, so
words searches miss, a team's "ship it" for merge_pull_request, never come
from it: write those pairs in a FILE as below and import it). Then fits the usage field (each tool's past queries, as its own
BM25F field) and a re-ranker (a small model over BM25F's top 50, top 100
from 5,000 tools, warm-started from the shipped one) and compares them with
the model-free default on held-out events: three folds of a fifth of the
events each, at least 7 and at most 300 events a fold (so it needs at least
35 events, and of 60,000 events, 900 are held out):
the newest, each judged by what was learned before it, when the events'
times order them; otherwise seeded random ones, each judged by the rest (the
report says which; the events of a FILE without "at" all get the import's
time, so they count as untimed; that time ends in 999 ms, which marks them
as imported without one). It switches learned ranking on only when it beats
the default on Recall@5, or ties it and beats it on MRR@10 (the re-ranker
only when it also beats the usage field alone on Recall@5 + MRR@10), and
prints that comparison (progress on stderr while it runs). Usage never puts
a tool above one the query names exactly.

FILE is JSONL, one event per line:
  {"query": "save it as markdown", "called": "Write", "at": "2026-11-30T10:00:00Z"}
or the eval queries format {"query", "relevant": [tool names]}. A corrupt line or
a tool the catalog does not have is reported with its code and skipped; it never
breaks search. A FILE with no usable event (empty, or every line skipped) exits 2
[feedback-empty], and a FILE or store over --max-feedback (64 MiB by default)
exits 2 [feedback-too-large]; both leave the decision as it was. Once FILE's
events are stored, a Ctrl-C (exit 130) or a decision that cannot be written
says how many were imported and that the decision is unchanged: loadout
learn learns from them.

What is stored: the query text, the called tool names and the time, one line
per event, in the store (default ${DEFAULT_FEEDBACK_STORE}), plus the
decision (and the re-ranker's weights, numbers only) in learned.json beside
it. Nothing is stored unless you run this command (or turn recording on in
your own code). Turn learning off by deleting learned.json or with --purge,
which deletes the store and the decision. A --store that is not a feedback
store (a catalog, a config, a symbolic link) is never written: exit 2
[feedback-store-invalid], the file untouched. learned.json is sealed with a
checksum: a damaged, hand-edited or out-of-range one is a warning
[learned-decision-invalid] and search runs without usage (search --strict:
exit 2). It names its store: keep each store in a folder of its own (another
store there is refused [file-overwrite-refused] and never applies it).

Options:
  --catalog FILE   the catalog the events refer to (default: the config's "catalog", else
                   the embedded demo catalog); the config's mods apply to it, as search
                   applies them
  --max-tools N    accept catalogs of up to N tools (default 10,000, the spec's limit); use
                   the same N with loadout search --feedback
  --store PATH     the feedback store (default: ${DEFAULT_FEEDBACK_STORE}); a postgres:// URL
                   learns from the events every loadout serve replica recorded there
${MAX_FEEDBACK_HELP}
  --ranker NAME    the ranker to learn for (default: the config's "ranker", else bm25f); it
                   must accept usage (capabilities.usage in its definition); learning tries
                   the re-ranker only when its definition learns a model
  --config FILE    configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present)
  --no-config      ignore the current folder's loadout.config.*
  --compact        keep only what the usage field reads: the newest 50 events per tool,
                   none over 180 days old (safe while loadout serve --record appends: both
                   hold <store>.lock); learned.json is unchanged, and learning again
                   judges on fewer events, so it may decide otherwise
  --purge          delete the store and the decision (a file that holds no events is left
                   as it is)
  --json           print {"imported", "alreadyStored", "skipped", "droppedTools", "issues",
                   "storeIssues", "catalogIssues", "store", "decision", "report"} (skipped:
                   lines not imported; droppedTools: unknown tool names left out of imported
                   lines; issues: FILE's skipped lines and dropped tools, each {code, line,
                   message}, lines of FILE ([] with no FILE); storeIssues: the same for the
                   store as learning read it, lines of the store; catalogIssues: the
                   catalog's skipped tools, each {code, message}); with --compact:
                   {"action": "compact", "store", "decision", "kept", "dropped",
                   "corruptLines", "message"}; with --purge: {"action": "purge", "store",
                   "decision", "deleted" (the paths deleted), "message"}
  -h, --help       show this help

${LEARNED_FEATURES_HELP}
Examples:
  (the first line writes events.jsonl, one event per line as above, naming tools of
  the demo catalog or of --catalog; importing it again adds nothing)
  echo '{"query": "save it as markdown", "called": "Write", "at": "2026-11-30T10:00:00Z"}' > events.jsonl
  loadout learn events.jsonl
  loadout learn events.jsonl --json
  loadout learn
  loadout learn --compact
  loadout learn --compact --json
  loadout learn --purge
`;

/**
 * Imports FILE's events into the store: those it lacks (an event with its
 * own time equal to a stored one, same query and tools, is already there).
 * Throws `feedback-empty` / `feedback-too-large` (nothing imported) where
 * going on would lose a decision.
 */
async function importEvents(
  file: string,
  store: string,
  decision: string,
  tools: readonly CatalogTool[],
  context: CliContext,
  maxFeedbackBytes: number | undefined,
  progress: ProgressReporter,
): Promise<{ imported: ParsedFeedback; fresh: ParsedFeedback['events']; alreadyStored: number }> {
  const unchanged = `nothing was imported and ${decision}`;
  const step = (done: number): void => progress.step(`importing ${file}`, done, 3);
  step(0);
  const imported = await readFeedbackFile(file, tools, context, { command: 'learn', maxBytes: maxFeedbackBytes, unchanged });
  step(1);
  // Importing the same log again (or a log that grew) adds only what the store lacks: an event
  // with its own time that equals a stored one (query, tools, time) is already there.
  const before = await readCommandFeedback(store, tools, { kind: 'store', store }, maxFeedbackBytes);
  const tooLargeBefore = before.issues.find((issue) => issue.code === 'feedback-too-large');
  if (tooLargeBefore !== undefined) {
    // Unread, the store cannot say which events it holds: appending would store them twice.
    throw createLoadoutError('feedback-too-large', `nothing was imported: ${tooLargeBefore.message}; ${decision}`, { path: store });
  }
  step(2);
  const storedKeys = new Set(before.events.map(eventKey));
  // An event without a time is stored with the import's time, so a file imported again would be stored twice: the store's
  // events of the same query and tools imported without a time (as many as it holds) count as those already imported;
  // a recorded event, or one imported with its own time, never does (that swallowed another log's events).
  const untimed = (event: ParsedFeedback['events'][number]): string => eventKey({ ...event, at: undefined });
  const untimedStored = new Map<string, number>();
  for (const event of before.events) {
    if (event.at === undefined || Math.trunc(event.at) !== untimedImportTime(event.at)) continue;
    const key = untimed(event);
    untimedStored.set(key, (untimedStored.get(key) ?? 0) + 1);
  }
  const fresh = imported.events.filter((event) => {
    if (event.at !== undefined) return !storedKeys.has(eventKey(event));
    const key = untimed(event);
    const left = untimedStored.get(key) ?? 0;
    untimedStored.set(key, left - 1);
    return left <= 0;
  });
  const alreadyStored = imported.events.length - fresh.length;
  // Events without a time all get the import's one time, so learning never reads their line order as time.
  const importedAt = untimedImportTime(Date.now());
  await (await openFeedbackStore(store, context.cwd)).append(fresh.map((event) => (event.at === undefined ? { ...event, at: importedAt } : event)));
  step(3);
  return { imported, fresh, alreadyStored };
}

/** What learning may replace at `learned.json`: an empty file or a decision loadout wrote (sealed, even damaged, or an older loadout's JSON). */
const LEARNED_DECISION_FILE: OutputFileKind = {
  what: 'a decision loadout learn wrote',
  recognise: (_text, bytes) => isLearnedDecisionFile(bytes),
  maxBytes: 64 * 1024 * 1024,
  remedy: 'nothing was imported: move it, or keep the feedback store in another folder',
};

/** Builds the `learn` command; {@link learnCommand} is the one the CLI uses. */
export function createLearnCommand(options: InterruptOptions = {}): Command {
  return {
    name: 'learn',
    help,
    async run(argv, context) {
      // Progress: learning begun once the run has gone on a second is said as it begins.
      const startedAt = Date.now();
      const parsed = parseArguments('learn', argv, {
        catalog: { type: 'string' },
        store: { type: 'string' },
        compact: { type: 'boolean' },
        purge: { type: 'boolean' },
        json: { type: 'boolean' },
        ranker: { type: 'string' },
        ...CONFIG_OPTIONS,
        'max-tools': { type: 'string' },
        'max-feedback': { type: 'string' },
      });
      if (parsed.values['help']) {
        context.stdout(help);
        return 0;
      }
      // --purge and --compact act on the store alone: anything else given with them would be silently ignored.
      const action = (['purge', 'compact'] as const).filter((flag) => parsed.values[flag] === true);
      if (action.length > 0) {
        const extra = [...action.slice(1), ...['catalog', 'ranker', 'max-tools', 'max-feedback'].filter((flag) => parsed.values[flag] !== undefined)];
        if (extra.length > 0 || parsed.positionals.length > 0) {
          const what = extra.length > 0 ? `--${extra[0]}` : JSON.stringify(parsed.positionals[0]);
          throw createLoadoutError('invalid-option', `--${action[0]} takes only --store PATH and --json, not ${what} (run them one at a time; see loadout learn --help)`, { option: action[0] });
        }
      }
      const json = parsed.values['json'] === true;
      const storeFlag = stringFlag(parsed, 'store') ?? DEFAULT_FEEDBACK_STORE;
      if (storeFlag.trim() === '') throw createLoadoutError('invalid-option', `--store needs a path (default ${DEFAULT_FEEDBACK_STORE})`, { option: 'store' });
      checkStoreLocation(storeFlag, 'store', { option: 'store' }, context.env);
      const feedbackStore = await openFeedbackStore(storeFlag, context.cwd);
      // A database store is read by its URL (its location, for messages, has no password).
      const store = isDatabaseStore(storeFlag) ? storeFlag : feedbackStore.location;
      const shown = feedbackStore.location;
      const decisionPath = feedbackStore.decisionLocation;
      // A folder (--store .loadout/) is said to be one, not taken for a store without events or with another store's decision.
      if (!isDatabaseStore(store) && isFolder(store)) {
        throw createLoadoutError('file-unreadable', `cannot read ${shown}: it is a folder, not a file; name the store in it (--store ${join(storeFlag, 'feedback.jsonl')})`, { path: shown });
      }
      if (parsed.values['purge'] === true) {
        const existing = await feedbackStore.purge();
        // A decision the store did not delete is another store's, or a file loadout did not write.
        const kept = !isDatabaseStore(store) && existsSync(decisionPath) && !existing.includes(decisionPath) ? `; ${decisionPath} is kept: it is not this store's decision` : '';
        // A file that holds no events (an empty __init__.py, say) is not the store's to delete.
        const noEvents = !isDatabaseStore(store) && existsSync(store) && !existing.includes(store) ? `${shown} holds no events, so it was left as it is` : undefined;
        const done = existing.length > 0 ? `deleted ${existing.join(' and ')}${noEvents === undefined ? '' : `; ${noEvents}`}` : `nothing to delete: ${noEvents ?? `neither ${shown} nor its decision exists`}`;
        if (json) return printJson(context, { action: 'purge', store: shown, decision: decisionPath, deleted: existing, message: `${done}${kept}` });
        context.stdout(`${done}${kept}\n`);
        return 0;
      }
      if (parsed.values['compact'] === true) {
        if (!isDatabaseStore(store) && !existsSync(store)) {
          throw createLoadoutError('file-not-found', `no feedback store at ${shown}, so nothing to compact (loadout learn FILE creates it; --store PATH names another)`, { path: shown });
        }
        // The lines compaction drops as corrupt (a middle one is worth a look), read before it renumbers them.
        const issues = isDatabaseStore(store) ? [] : (await feedbackStore.read({ maxBytes: Number.MAX_SAFE_INTEGER })).issues;
        // A store not read as text at all (UTF-16, NUL bytes: an issue of line 0) has events no one could read: compaction would lose them.
        const unreadable = issues.find((issue) => issue.line === 0);
        if (unreadable !== undefined) throw createLoadoutError('file-not-text', `cannot compact ${shown}: ${unreadable.message}; it was left as it is`, { path: shown });
        const corrupt = issues.filter((issue) => issue.code === 'feedback-invalid-line' && issue.line > 0);
        const { kept, dropped } = await feedbackStore.compact();
        const lines = corrupt.length === 0 ? '' : ` (${countOf(corrupt.length, 'corrupt line')}: ${corrupt.length === 1 ? 'line' : 'lines'} ${corrupt.slice(0, 5).map((issue) => issue.line).join(', ')}${corrupt.length > 5 ? ', …' : ''})`;
        const message =
          kept + dropped === 0
            ? `nothing to compact: ${shown} holds no events, so it was left as it is`
            : `compacted ${shown}: kept ${countOf(kept, 'event')}, dropped ${formatCount(dropped)}${lines}; ${decisionLeft(await feedbackStore.readDecision(), decisionPath)}`;
        if (json) return printJson(context, { action: 'compact', store: shown, decision: decisionPath, kept, dropped, corruptLines: corrupt.map((issue) => issue.line), message });
        context.stdout(`${message}\n`);
        return 0;
      }
      // Another store's decision in this folder, or a learned.json loadout did not write, is never replaced: refused before anything is imported.
      const current = await feedbackStore.readDecision();
      const decisionLeftAs = decisionLeft(current, decisionPath);
      if (current.kind === 'other-store') {
        throw createLoadoutError('file-overwrite-refused', `${decisionPath} is the decision of ${current.store}, another store in this folder; nothing was imported: keep each feedback store in a folder of its own (--store DIR/feedback.jsonl)`, { path: decisionPath });
      }
      if (!isDatabaseStore(store)) await guardOutputFile(decisionPath, context.cwd, LEARNED_DECISION_FILE);
      const file = parsed.positionals[0];
      if (parsed.positionals.length > 1) {
        throw createLoadoutError('invalid-option', `expected at most one FILE of usage events, got ${parsed.positionals.length} arguments, e.g. loadout learn usage.jsonl (see loadout learn --help)`);
      }
      const config = await loadCommandConfig('learn', parsed, context);
      const { name: rankerName, definition, withUsage } = await createConfiguredRanker(config, stringFlag(parsed, 'ranker'));
      if (withUsage === undefined) {
        throw createLoadoutError('invalid-option', `ranker ${JSON.stringify(rankerName)} does not learn from usage (its definition declares no capabilities.usage)`, {
          ranker: rankerName,
        });
      }
      const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
      const maxFeedbackBytes = maxFeedbackFlag(parsed);
      const loaded = await loadCatalog(stringFlag(parsed, 'catalog') ?? config.catalog, context.cwd, maxTools === undefined ? {} : { maxTools });
      // Learning ranks the descriptions search and serve index: the config's mods applied, as they apply them.
      const { catalog, warnings: modWarnings } = applyMods(loaded.catalog, configMods(config));
      // Skipped tools (a duplicate, a bad schema) are said as search, eval and plan say them: learning cannot credit them.
      reportWarnings('learn', [...loaded.issues, ...modWarnings], context, false);
      const reporter = createProgressReporter({ write: context.stderr, prefix: 'loadout learn', startedAt });
      const { imported, fresh, alreadyStored } =
        file === undefined ? { imported: { events: [], issues: [] }, fresh: [], alreadyStored: 0 } : await importEvents(file, store, decisionLeftAs, catalog.tools, context, maxFeedbackBytes, reporter);
      // From here FILE's events are in the store: an interruption, or a decision that cannot be written, says so.
      const state = fresh.length === 0 ? decisionLeftAs : `${countOf(fresh.length, 'event')} ${fresh.length === 1 ? 'was' : 'were'} imported into ${shown}; ${decisionLeftAs}; run loadout learn again to learn from ${fresh.length === 1 ? 'it' : 'them'}`;
      const withState = <T>(promise: Promise<T>): Promise<T> =>
        promise.catch((error: unknown) => {
          throw fresh.length > 0 && isLoadoutError(error) ? createLoadoutError(error.code, `${error.message}; ${state}`, error.details) : error;
        });
      const stopSaying = sayWhenInterrupted(context.stderr, () => `loadout learn: interrupted: ${state}\n`, options);
      try {
        reporter.step(`reading ${shown}`, 0, 1);
        const stored = await readCommandFeedback(store, catalog.tools, { kind: 'store', store }, maxFeedbackBytes);
        reporter.step(`reading ${shown}`, 1, 1);
        const storeTooLarge = stored.issues.find((issue) => issue.code === 'feedback-too-large');
        if (storeTooLarge !== undefined) {
          // Learning from none of it would switch learning off: keep the last decision instead.
          throw createLoadoutError('feedback-too-large', `imported ${countOf(fresh.length, 'event')}, but ${storeTooLarge.message}; ${decisionLeftAs}`, {
            path: shown,
          });
        }
        context.stderr(renderFeedbackIssues('learn', shown, stored.issues.filter((issue) => issue.code !== 'feedback-unknown-tool' && issue.code !== 'feedback-ambiguous-tool')));
        // Events of tools the catalog lacks are left out in one line, not one per event: a store can outlive a catalog.
        // A bare name several servers share (the catalog grew since) is ambiguous, not missing (feedback-ambiguous-tool): said apart, naming the tools.
        const unknown = unknownToolEvents(stored.issues);
        const catalogName = stringFlag(parsed, 'catalog') ?? config.catalog ?? 'the embedded demo catalog';
        const shared = sharedNameEvents(stored.issues, catalogName);
        if (shared !== undefined) context.stderr(`loadout learn: ${shared}\n`);
        const catalogHint = `pass --catalog with the catalog they came from (for loadout serve --record: loadout catalog pull --config FILE --out tools.json)`;
        if (unknown.leftOut + unknown.kept > 0 && stored.events.length > 0) {
          const { leftOut, kept } = unknown;
          const said = [
            ...(leftOut > 0 ? [`${countOf(leftOut, 'stored event')} ${leftOut === 1 ? 'names' : 'name'} tools not in ${catalogName} and ${leftOut === 1 ? 'was' : 'were'} left out`] : []),
            ...(kept > 0 ? [`${countOf(kept, 'stored event')} ${kept === 1 ? 'names' : 'name'} some tools not in ${catalogName}: those names were dropped, the ${kept === 1 ? 'event' : 'events'} kept`] : []),
          ];
          context.stderr(`loadout learn: ${said.join('; ')} [feedback-unknown-tool]; ${catalogHint}\n`);
        }
        if (file === undefined && stored.events.length === 0) {
          // No event was kept, so every one of them was left out.
          if (shared !== undefined) throw createLoadoutError('feedback-empty', `nothing to learn from: every event in ${shown} names a tool ${catalogName} lacks, or one several of its servers share (above); ${decisionLeftAs}`, { path: shown });
          if (unknown.leftOut > 0) {
            const events = unknown.leftOut === 1 ? 'the 1 event' : `all ${countOf(unknown.leftOut, 'event')}`;
            throw createLoadoutError('feedback-empty', `nothing to learn from: ${events} in ${shown} ${unknown.leftOut === 1 ? 'names' : 'name'} tools not in ${catalogName}; ${catalogHint}; ${decisionLeftAs}`, {
              path: shown,
            });
          }
          const why = isDatabaseStore(store) || existsSync(store) ? 'has no usable events' : 'does not exist';
          throw createLoadoutError('feedback-empty', `nothing to learn from: no FILE was given and the store ${shown} ${why} (loadout learn FILE imports a log; loadout serve --record appends one); ${decisionLeftAs}`, {
            path: shown,
          });
        }
        // A decision that cannot be written fails now, not after the fitting.
        if (!isDatabaseStore(store)) await withState(checkWritable(decisionPath, context.cwd));
        const progress = learningProgress(reporter);
        const { report, model } = await withState(learnFromFeedback({ tools: catalog.tools, events: stored.events, ranker: yieldingRankers(withUsage), learns: definition.capabilities?.usage?.learns ?? [], onProgress: progress }));
        await withState(feedbackStore.writeDecision({
          enabled: report.enabled,
          ranker: rankerName,
          usageWeight: report.learned.usageWeight,
          decidedAt: new Date().toISOString(),
          report,
          ...(model === undefined ? {} : { model }),
        }));
        // Written: an interruption from here leaves the new decision, as the output says.
        stopSaying();
        const skips = countFeedbackSkips(imported.issues);
        // The events stored: those learned from and those left out whole (a tool the catalog lacks, or a shared bare name).
        const storedCount = stored.events.length + countFeedbackSkips(stored.issues.filter((issue) => issue.code === 'feedback-unknown-tool' || issue.code === 'feedback-ambiguous-tool')).lines;
        if (parsed.values['json'] === true) {
          const catalogIssues = loaded.issues.map(({ code, message }) => ({ code, message }));
          const storeIssues = stored.issues.map(({ code, line, message }) => ({ code, line, message }));
          const issues = imported.issues.map(({ candidates: _candidates, ...issue }) => issue);
          const output = { imported: fresh.length, alreadyStored, skipped: skips.lines, droppedTools: skips.droppedTools, issues, storeIssues, catalogIssues, store: shown, decision: decisionPath, report };
          return printJson(context, output);
        }
        context.stdout(
          [
            file === undefined
              ? `learning from ${stored.events.length === storedCount ? 'the ' : `${formatCount(stored.events.length)} of the `}${countOf(storedCount, 'event')} stored in ${shown}`
              : `imported ${countOf(fresh.length, 'event')} from ${file} into ${shown} (${[...describeFeedbackSkips(skips, { always: true }), ...(alreadyStored === 0 ? [] : [`${formatCount(alreadyStored)} already stored`])].join(', ')}); ${countOf(storedCount, 'event')} stored${stored.events.length === storedCount ? '' : ` (learning from ${formatCount(stored.events.length)})`}`,
            ...renderLearningReport(report, rankerName),
            `decision written to ${decisionPath}`,
          ].join('\n') + '\n',
        );
        return 0;
      } finally {
        stopSaying();
      }
    },
  };
}

/** `loadout learn`: import usage, compare on held-out events, switch when it wins. */
export const learnCommand = createLearnCommand();
