import { compileRerankModel, scoreRerankFeatures } from '@loadout/learn';
import type { RerankModel } from '@loadout/learn';
import { scoreQuery } from '@loadout/eval';
import type { QualityScores } from '@loadout/eval';
import type { RerankCase } from './rerank-cases.js';

/** Mean Recall@5 / NDCG@5 / MRR@10 of `cases`, ranked by `model` (undefined: the first stage's order). */
export function scoreCases(cases: readonly RerankCase[], model: RerankModel | undefined): QualityScores {
  const sums = { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 };
  const compiled = model === undefined ? undefined : compileRerankModel(model);
  for (const item of cases) {
    const { tools, features } = item.candidates;
    let order = tools.map((_, index) => index);
    if (compiled !== undefined && tools.length > 0) {
      const scores = scoreRerankFeatures(compiled, features, tools.length);
      order = order.sort((a, b) => scores[b]! - scores[a]! || a - b);
    }
    const scores = scoreQuery(
      order.slice(0, 10).map((index) => tools[index]!.name),
      item.query,
    );
    sums['recall@5'] += scores['recall@5'];
    sums['ndcg@5'] += scores['ndcg@5'];
    sums['mrr@10'] += scores['mrr@10'];
  }
  const count = Math.max(cases.length, 1);
  return { 'recall@5': sums['recall@5'] / count, 'ndcg@5': sums['ndcg@5'] / count, 'mrr@10': sums['mrr@10'] / count };
}

/** Oracle: Recall@5 if the best 5 of the candidates were picked (the re-ranker's ceiling). */
export function oracleRecall(cases: readonly RerankCase[]): number {
  let sum = 0;
  for (const item of cases) {
    const names = item.candidates.tools.map((tool) => tool.name);
    const gold = item.query.relevantGroups ?? item.query.relevant.map((name) => [name]);
    const found = gold.filter((group) => group.some((name) => names.includes(name))).length;
    sum += Math.min(found, 5) / Math.max(gold.length, 1);
  }
  return sum / Math.max(cases.length, 1);
}
