import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QualityScores } from '@loadout/eval';
import { logProgress } from '../progress-log.js';
import { formatPoints, markdownTable } from '../report/format.js';
import { MODEL_VARIANTS } from './model-variants.js';
import { measureLeaveOneSetOut, measureOutOfFoldRerank } from './out-of-fold-rerank.js';
import type { ProtocolResult } from './out-of-fold-rerank.js';
import { loadRerankCases } from './rerank-cases.js';
import { oracleRecall } from './score-cases.js';
import { LOG_MODEL_TARGET, measureRerankLatency } from './rerank-latency.js';
import type { LatencyRow } from './rerank-latency.js';
import { checkShippedModels, SHIPPED_CANDIDATES } from '../train/shipped-model.js';

/** Options of {@link runRerank}. */
export interface RunRerankOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  readonly sets?: readonly string[];
  /** First-stage candidates re-scored. Default 50. */
  readonly candidates?: number;
}

/** What `pnpm bench -- --only rerank` measured. */
export interface RerankReport {
  readonly candidates: number;
  readonly oracleRecallAt5: Record<string, number>;
  readonly outOfFold: ProtocolResult;
  readonly leaveOneSetOut: ProtocolResult;
  /** Sets where each variant lost more than 0.5 Recall@5 to the first stage in leave-one-set-out. */
  readonly losesOnUnseen: Record<string, string[]>;
  readonly latency: readonly LatencyRow[];
  readonly shipped: { readonly equal: boolean; readonly detail: string };
}

const cell = (scores: QualityScores): string => `${formatPoints(scores['recall@5'])} / ${formatPoints(scores['ndcg@5'])} / ${formatPoints(scores['mrr@10'])}`;

function table(result: ProtocolResult): string {
  const names = Object.keys(result.sets[0]?.models ?? {});
  const rows = [
    ['clause-fused BM25F (first stage)', ...result.sets.map((set) => cell(set.baseline))],
    ...names.map((name) => [`re-ranker: ${name}`, ...result.sets.map((set) => cell(set.models[name]!))]),
    ['queries scored', ...result.sets.map((set) => String(set.queries))],
  ];
  return markdownTable(['', ...result.sets.map((set) => set.set)], rows);
}

/**
 * The learned re-ranker, measured honestly: out of fold (5 fixed folds by
 * query over all sets' dev queries) and leave-one-set-out for every model
 * family, both with the near-duplicate leakage check; its latency beside
 * BM25F and wink-bm25 in this process; and whether the shipped weights file
 * equals a fresh training run. Fails (returns false) on leakage or a stale
 * shipped file.
 */
export async function runRerank(options: RunRerankOptions): Promise<boolean> {
  const candidates = options.candidates ?? 50;
  const { cases } = await loadRerankCases(options.dataDir, options.sets, candidates, { vectors: true });
  const setNames = [...new Set(cases.map((item) => item.set))];
  const oracleRecallAt5 = Object.fromEntries(setNames.map((set) => [set, oracleRecall(cases.filter((item) => item.set === set))]));
  logProgress('rerank: out of fold (5 folds)');
  const outOfFold = measureOutOfFoldRerank(cases, MODEL_VARIANTS, 5, (line) => logProgress(`rerank: ${line}`));
  logProgress('rerank: leave one set out');
  const leaveOneSetOut = measureLeaveOneSetOut(cases, MODEL_VARIANTS, (line) => logProgress(`rerank: ${line}`));
  const losesOnUnseen: Record<string, string[]> = {};
  for (const variant of MODEL_VARIANTS) {
    losesOnUnseen[variant.name] = leaveOneSetOut.sets.filter((set) => set.models[variant.name]!['recall@5'] < set.baseline['recall@5'] - 0.005).map((set) => set.set);
  }
  logProgress('rerank: latency on mix10k');
  const latency = setNames.includes('mix10k') ? await measureRerankLatency(options.dataDir, candidates) : [];
  logProgress('rerank: shipped model against a fresh training run');
  // The shipped model is trained on every set at its own cut; reuse the cases when they are those.
  const reusable = options.sets === undefined && candidates === SHIPPED_CANDIDATES;
  const shipped = await checkShippedModels(options.dataDir, undefined, reusable ? cases : undefined);

  const out = process.stdout;
  out.write(`\nRe-ranker over clause-fused BM25F's top ${candidates}, dev (Recall@5 / NDCG@5 / MRR@10).\n`);
  out.write(`Oracle Recall@5 (best 5 of the ${candidates} candidates): ${setNames.map((set) => `${set} ${formatPoints(oracleRecallAt5[set]!)}`).join(', ')}\n`);
  out.write(`\nOut of fold (5 fixed folds by query over all sets; ${outOfFold.leakedQueries} scored queries with a near-duplicate in training):\n\n${table(outOfFold)}\n`);
  out.write(`\nLeave one set out (trained on the other sets' dev, scored on this one; ${leaveOneSetOut.leakedQueries} leaked):\n\n${table(leaveOneSetOut)}\n`);
  for (const [name, sets] of Object.entries(losesOnUnseen)) {
    out.write(`${name}: ${sets.length === 0 ? 'within 0.5 of the first stage on every unseen set' : `loses more than 0.5 Recall@5 on unseen ${sets.join(', ')}`}\n`);
  }
  if (latency.length > 0) {
    out.write(`\nLatency on mix10k (same process, ${latency[0]!.queries} dev queries × 3 interleaved passes, limit 10):\n\n`);
    out.write(
      `${markdownTable(
        ['ranker', 'build ms', 'p50 ms', 'p95 ms', 'p99 ms', 'p50 ÷ BM25F', 'Recall@5'],
        latency.map((row) => [row.ranker, row.buildMs.toFixed(0), row.p50Ms.toFixed(3), row.p95Ms.toFixed(3), row.p99Ms.toFixed(3), row.vsBm25f.toFixed(2), formatPoints(row.recallAt5)]),
      )}\n`,
    );
    const logModel = latency.find((row) => row.logModel)!;
    out.write(`A log's model: p50 ${logModel.vsBm25f.toFixed(2)}× BM25F's (target at most ${LOG_MODEL_TARGET.toFixed(2)}×: 0.45 ms where BM25F took 0.163 ms): ${logModel.vsBm25f <= LOG_MODEL_TARGET ? 'met' : 'NOT met'}\n`);
  }
  out.write(`\nShipped models:\n${shipped.detail}\n`);
  const report: RerankReport = { candidates, oracleRecallAt5, outOfFold, leaveOneSetOut, losesOnUnseen, latency, shipped };
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'rerank.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), ...report }, null, 2)}\n`);
  return outOfFold.leakedQueries === 0 && leaveOneSetOut.leakedQueries === 0 && shipped.equal;
}
