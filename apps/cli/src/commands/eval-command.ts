import { resolve } from 'node:path';
import { createLoadoutError, withQuerySyntax } from '@loadout/core';
import { createEvalCatalog, createRankerByName, DEFAULT_RANKER_NAME, evaluateRanker, listRankers, loadEvalFiles } from '@loadout/eval';
import type { Ranker } from '@loadout/core';
import { renderLearningReport } from '../format/learning-view.js';
import type { EvalFeedback } from './eval-feedback.js';
import type { Command } from './command.js';
import { parseArguments, stringFlag } from '../io/parse-arguments.js';
import { loadConfig } from '../io/load-config.js';
import { formatCount } from '../format/render-table.js';

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
                   log: the usage field is fitted on the older lines and used only if
                   it beats the default on the newest fifth (bm25f only)
  --ranker NAME    ${listRankers().join(' | ')} (default: the config's "ranker", else ${DEFAULT_RANKER_NAME})
  --json           print {"recall@5", "ndcg@5", "mrr@10", "queries", "p50Ms", "p99Ms", ...,
                   "learning"?: {"enabled", "reason", "baseline", "learned", ...}}
  --config FILE    configuration file (default: ./loadout.config.json when present)
  -h, --help       show this help

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
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const toolsPath = stringFlag(parsed, 'tools');
    const queriesPath = stringFlag(parsed, 'queries');
    if (toolsPath === undefined || queriesPath === undefined) {
      throw createLoadoutError('invalid-option', '--tools FILE and --queries FILE are required (see loadout eval --help)');
    }
    const config = await loadConfig(stringFlag(parsed, 'config'), context.cwd);
    const rankerName = stringFlag(parsed, 'ranker') ?? config.ranker ?? DEFAULT_RANKER_NAME;
    const feedbackPath = stringFlag(parsed, 'feedback');
    if (feedbackPath !== undefined && rankerName !== 'bm25f') {
      throw createLoadoutError('invalid-option', `loadout eval: --feedback learns on top of bm25f; it cannot be combined with --ranker ${rankerName}`);
    }
    const evalSet = await loadEvalFiles({ toolsPath: resolve(context.cwd, toolsPath), queriesPath: resolve(context.cwd, queriesPath) });
    let ranker: Ranker;
    let learning: EvalFeedback | undefined;
    if (feedbackPath !== undefined) {
      const { learnForEval } = await import('./eval-feedback.js');
      learning = await learnForEval(feedbackPath, createEvalCatalog(evalSet).tools, context);
      ranker = learning.ranker;
    } else {
      const inner = await createRankerByName(rankerName, config.rankerOptions ?? {});
      ranker = rankerName === 'regex' ? inner : withQuerySyntax(inner, { maxQueryLength: EVAL_MAX_QUERY_LENGTH });
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
    if (parsed.values['json']) {
      const learned =
        learning === undefined
          ? {}
          : { learning: { ...learning.report, feedbackEvents: learning.events, skippedLines: learning.issues.filter((issue) => issue.code !== 'feedback-unknown-tool').length } };
      context.stdout(JSON.stringify({ ranker: rankerName, set: evalSet.name, ...result, ...learned }, null, 2) + '\n');
      return 0;
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
    return 0;
  },
};
