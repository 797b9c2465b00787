import { createLoadoutError } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { withCheckedResults } from '@loadout/core/plugins';
import { evaluateRanker } from '@loadout/eval';
import { renderLearningReport } from '../format/learning-view.js';
import type { EvalFeedback } from './eval-feedback.js';
import type { Command } from './command.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { MAX_TOOLS_RANGE } from '../io/command-warnings.js';
import { readEvalInputs } from '../io/read-eval-inputs.js';
import { maxFeedbackFlag } from '../io/max-feedback-flag.js';
import { formatCount } from '../format/render-table.js';
import { evalHelp as help } from './eval-help.js';
import { createConfiguredRanker } from '../config/configured-ranker.js';
import { loadConfig } from '../config/load-config.js';

/** Eval queries can be long task descriptions; the 500-character search limit does not apply here. */
const EVAL_MAX_QUERY_LENGTH = 1_000_000;


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
      'max-tools': { type: 'string' },
      strict: { type: 'boolean' },
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const maxFeedbackBytes = maxFeedbackFlag(parsed, 'feedback');
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
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
    const { evalSet, catalog } = await readEvalInputs(
      { toolsPath: stringFlag(parsed, 'tools'), queriesPath: stringFlag(parsed, 'queries'), maxTools, strict: Boolean(parsed.values['strict']) },
      config,
      context,
    );
    let ranker: Ranker;
    let learning: EvalFeedback | undefined;
    if (feedbackPath !== undefined) {
      const { learnForEval } = await import('./eval-feedback.js');
      const { definition, withUsage } = await createConfiguredRanker(config, rankerName);
      learning = await learnForEval(feedbackPath, catalog.tools, context, { learns: definition.capabilities?.usage?.learns ?? [], withUsage: withUsage! }, maxFeedbackBytes);
      ranker = withCheckedResults(learning.ranker);
    } else {
      ranker = (await createConfiguredRanker(config, rankerName, { maxQueryLength: EVAL_MAX_QUERY_LENGTH })).ranker;
    }
    let lastReport = 0;
    const result = await evaluateRanker(ranker, evalSet, {
      onQueryError: 'count',
      matchBy: 'displayName',
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
