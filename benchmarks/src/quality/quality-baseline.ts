/** Figures recorded for one ranker on one set, in percentage points. */
export interface BaselineEntry {
  readonly 'recall@5': number;
  readonly 'ndcg@5': number;
  readonly 'mrr@10': number;
  readonly queries: number;
  /** ISO date of the measurement. */
  readonly measuredAt: string;
}

/** `benchmarks/quality-baseline.json`: recorded figures by set, then ranker. */
export interface QualityBaseline {
  readonly description: string;
  /** Largest allowed drop of Recall@5 below the recorded figure, in points. */
  readonly tolerancePoints: number;
  readonly sets: Readonly<Record<string, Readonly<Record<string, BaselineEntry>>>>;
}

/** The gate's verdict. */
export interface GateVerdict {
  readonly pass: boolean;
  readonly message: string;
}

/**
 * Compares a measured Recall@5 (0–1) with the recorded one: fails when it is
 * more than `tolerancePoints` points below, or when nothing is recorded for
 * the set and ranker.
 */
export function checkQualityGate(baseline: QualityBaseline, set: string, ranker: string, measuredRecall: number): GateVerdict {
  const entry = baseline.sets[set]?.[ranker];
  const measured = measuredRecall * 100;
  if (entry === undefined) {
    return { pass: false, message: `no recorded Recall@5 for ${ranker} on ${set}; record one with --record` };
  }
  const drop = entry['recall@5'] - measured;
  const summary = `${ranker} on ${set}: Recall@5 ${measured.toFixed(2)} vs recorded ${entry['recall@5'].toFixed(2)} (tolerance ${baseline.tolerancePoints.toFixed(1)} points)`;
  if (drop > baseline.tolerancePoints + 1e-9) {
    return { pass: false, message: `quality gate FAILED: ${summary}: ${drop.toFixed(2)} points lower` };
  }
  return { pass: true, message: `quality gate passed: ${summary}` };
}

/** `baseline` with the entry of `set` × `ranker` replaced. */
export function recordBaseline(baseline: QualityBaseline, set: string, ranker: string, entry: BaselineEntry): QualityBaseline {
  return { ...baseline, sets: { ...baseline.sets, [set]: { ...baseline.sets[set], [ranker]: entry } } };
}
