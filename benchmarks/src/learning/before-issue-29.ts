/**
 * Out-of-fold Recall@5 (0–1) of the learning code before issue #29
 * (f85855d: the four-MLP blend, sibling and neighbour features, the
 * usage-weight search), per learner (its partition) and set, as decision
 * 2928 measured it on this bench's folds. Recorded, not re-run: the issue
 * asks learning to stay within 0.5 points of it (livemcpbench within 2.5).
 */
export const BEFORE_ISSUE_29: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  lexical: { mix10k: 0.8039, livemcpbench: 0.5497, sealtools: 0.9624, toolbench_stb: 0.8227 },
  'lexical-seed2': { mix10k: 0.8072, livemcpbench: 0.5227, sealtools: 0.9614, toolbench_stb: 0.8282 },
};

/** `recorded / difference` in Recall@5 points for one learner's Recall@5 (0–1) on a set (`–` when nothing is recorded or the recall is not a number). */
export function againstBefore(learner: string, set: string, recall: number): string {
  const before = BEFORE_ISSUE_29[learner]?.[set];
  if (before === undefined || !Number.isFinite(recall)) return '–';
  const difference = (recall - before) * 100;
  return `${(before * 100).toFixed(1)} / ${difference >= 0 ? '+' : '−'}${Math.abs(difference).toFixed(1)}`;
}
