import { resolve } from 'node:path';
import { createLoadoutError, toToolInput } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { applyMods, withCheckedResults } from '@loadout/core/plugins';
import { createEvalCatalog, evaluateRanker, loadEvalFiles } from '@loadout/eval';
import { renderLearningReport } from '../format/learning-view.js';
import type { EvalFeedback } from './eval-feedback.js';
import type { Command } from './command.js';
import { parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_FEEDBACK_HELP, maxFeedbackFlag } from '../io/max-feedback-flag.js';
import { formatCount } from '../format/render-table.js';
import { BUILTIN_RANKER_NAMES, configHelp } from '../config/config-help.js';
import { configMods } from '../config/config-mods.js';
import { createConfiguredRanker } from '../config/configured-ranker.js';
import { loadConfig } from '../config/load-config.js';

/** Eval queries can be long task descriptions; the 500-character search limit does not apply here. */
const EVAL_MAX_QUERY_LENGTH = 1_000_000;

const help = `loadout eval: measure a ranker's quality and speed on queries with known answers.

Usage:
  loadout eval --tools FILE --queries FILE [--ranker NAME] [--feedback FILE] [--json]

Computes Recall@5, NDCG@5 and MRR@10 (as defined by the eval data README,
honouring "relevant_groups"), plus p50/p99 query latency and index build time.

Files (JSONL, one object per line):
  --tools FILE     {"name", "description", "inputSchema", "server"}
  --queries FILE   {"id", "query", "relevant": [tool names], "relevant_groups"?: [[names]]}

Options:
  --feedback FILE  past searches (same format as --queries: each line's gold tools
                   were called) to learn from first, as a deployment learns from its
                   log: the usage field (and the usage prior and a re-ranker, when the
                   ranker learns them) is fitted on the older lines and used only if it
                   beats the default on the newest held-out lines. The ranker must accept
                   usage (capabilities.usage in its definition, as bm25f's and rerank's);
                   learning builds on that ranker with its options
${MAX_FEEDBACK_HELP}
  --ranker NAME    ${BUILTIN_RANKER_NAMES},
                   or one the config's "rankers" adds (default: the config's "ranker",
                   else bm25f)
  --allow-failures exit 0 even when queries failed (the ranker threw or returned an
                   invalid result: ranker-invalid-result); by default such a run exits 1
  --json           print {"recall@5", "ndcg@5", "mrr@10", "queries", "p50Ms", "p99Ms", ...,
                   "learning"?: {"enabled", "reason", "baseline", "learned", ...}}
  --config FILE    configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present)
  -h, --help       show this help

${configHelp(['ranker', 'rankerOptions', 'rankers', 'plugins', 'mods'])}
The config's mods and plugins rewrite descriptions before indexing.

Example:
  loadout eval --tools ../shared/data/eval/mix10k/tools.jsonl \\
               --queries ../shared/data/eval/mix10k/queries.dev.jsonl --ranker hybrid
`;

function percent(value: number): string {
  return (value * 100).toFixed(1);
}

/** `loadout eval`: Recall@5, NDCG@5, MRR@10 and latency of a ranker on an eval set. */
export const evalCommand: Command = {
  name: 'eval',
  help,
  async run(argv, context) {
    const parsed = parseArguments('eval', argv, {
      tools: { type: 'string' },
      queries: { type: 'string' },
      ranker: { type: 'string' },
      json: { type: 'boolean' },
      config: { type: 'string' },
      feedback: { type: 'string' },
      'max-feedback': { type: 'string' },
      'allow-failures': { type: 'boolean' },
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const maxFeedbackBytes = maxFeedbackFlag(parsed, 'feedback');
    const toolsPath = stringFlag(parsed, 'tools');
    const queriesPath = stringFlag(parsed, 'queries');
    if (toolsPath === undefined || queriesPath === undefined) {
      throw createLoadoutError('invalid-option', '--tools FILE and --queries FILE are required (see loadout eval --help)');
    }
    const config = await loadConfig(stringFlag(parsed, 'config'), context.cwd, (message) => context.stderr(`loadout eval: warning: ${message}\n`));
    const rankerName = stringFlag(parsed, 'ranker') ?? config.ranker ?? config.registry.defaultRanker;
    const feedbackPath = stringFlag(parsed, 'feedback');
    if (feedbackPath !== undefined && config.registry.ranker(rankerName).capabilities?.usage === undefined) {
      throw createLoadoutError(
        'invalid-option',
        `--feedback learns a usage field, and ranker ${JSON.stringify(rankerName)} does not take one (its definition declares no capabilities.usage)`,
        { ranker: rankerName },
      );
    }
    const files = await loadEvalFiles({ toolsPath: resolve(context.cwd, toolsPath), queriesPath: resolve(context.cwd, queriesPath) });
    const catalog = createEvalCatalog(files);
    const modded = applyMods(catalog, configMods(config));
    for (const warning of modded.warnings) context.stderr(`loadout eval: ${warning.message} [${warning.code}]\n`);
    const evalSet = modded.catalog === catalog ? files : { ...files, tools: modded.catalog.tools.map(toToolInput) };
    let ranker: Ranker;
    let learning: EvalFeedback | undefined;
    if (feedbackPath !== undefined) {
      const { learnForEval } = await import('./eval-feedback.js');
      const { definition, withUsage } = await createConfiguredRanker(config, rankerName);
      learning = await learnForEval(feedbackPath, modded.catalog.tools, context, { learns: definition.capabilities?.usage?.learns ?? [], withUsage: withUsage! }, maxFeedbackBytes);
      ranker = withCheckedResults(learning.ranker);
    } else {
      ranker = (await createConfiguredRanker(config, rankerName, { maxQueryLength: EVAL_MAX_QUERY_LENGTH })).ranker;
    }
    let lastReport = 0;
    const result = await evaluateRanker(ranker, evalSet, {
      onQueryError: 'count',
      onProgress: (progress) => {
        const now = Date.now();
        const finished = progress.done === progress.total;
        if (!finished && now - lastReport < 1000) return;
        lastReport = now;
        const what = progress.phase === 'build' ? 'indexing tools' : 'answering queries';
        context.stderr(`loadout eval: ${what} ${progress.done}/${progress.total} (${(progress.elapsedMs / 1000).toFixed(1)} s)\n`);
      },
    });
    // A query whose search threw or returned an invalid result (ranker-invalid-result) fails the run, after everything is printed.
    const exitCode = result.failedQueries > 0 && parsed.values['allow-failures'] !== true ? 1 : 0;
    if (parsed.values['json']) {
      const learned =
        learning === undefined
          ? {}
          : { learning: { ...learning.report, feedbackEvents: learning.events, skippedLines: learning.issues.filter((issue) => issue.code !== 'feedback-unknown-tool').length } };
      context.stdout(JSON.stringify({ ranker: rankerName, set: evalSet.name, ...result, ...learned }, null, 2) + '\n');
      return exitCode;
    }
    const lines = [
      `${evalSet.name}: ${result.queries} queries over ${formatCount(result.tools)} tools, ranker ${rankerName}`,
      `  Recall@5  ${percent(result['recall@5'])}`,
      `  NDCG@5    ${percent(result['ndcg@5'])}`,
      `  MRR@10    ${percent(result['mrr@10'])}`,
      `  latency   p50 ${result.p50Ms.toFixed(3)} ms, p99 ${result.p99Ms.toFixed(3)} ms; index built in ${result.buildMs.toFixed(0)} ms`,
    ];
    if (learning !== undefined) lines.push(...renderLearningReport(learning.report).map((line) => `  ${line}`));
    if (result.failedQueries > 0) lines.push(`  ${result.failedQueries} queries failed and scored as misses (first: ${result.firstError ?? 'unknown'})`);
    context.stdout(lines.join('\n') + '\n');
    return exitCode;
  },
};
