// Usage-prior study: out-of-fold learning (5 fixed folds, as `pnpm bench -- --only learning`)
// with the usage field alone and with the prior at several weights.
// Run: `node --conditions=development --import tsx benchmarks/src/parity/prior-study.ts [--sets a,b] [--weights 0,0.1]`.
import { parseArgs } from 'node:util';
import { resolveDataDir } from '../paths.js';

const { listEvalSets, loadEvalSet } = await import('@loadout/eval');
const { measureOutOfFold } = await import('../learning/out-of-fold.js');
const { values } = parseArgs({ options: { sets: { type: 'string' }, weights: { type: 'string' }, data: { type: 'string' } }, args: process.argv.slice(2).filter((arg) => arg !== '--') });
const wanted = values.sets?.split(',');
const weights = (values.weights ?? '0,0.05,0.1,0.2,0.5').split(',').map(Number);
const sets = (await listEvalSets(resolveDataDir(values.data).dataDir)).filter((set) => set.splits.includes('dev') && (wanted === undefined || wanted.includes(set.name)));
for (const info of sets) {
  const evalSet = await loadEvalSet(info.directory, { split: 'dev' });
  for (const weight of weights) {
    const result = await measureOutOfFold(evalSet, 5, { usagePriorWeight: weight });
    const points = (share: number): string => (share * 100).toFixed(1);
    process.stdout.write(
      `${info.name} prior ${weight}: default ${points(result.baseline['recall@5'])}, learned ${points(result.learned['recall@5'])} / ${points(result.learned['ndcg@5'])} / ${points(result.learned['mrr@10'])} (${result.enabledFolds}/${result.folds} folds on)\n`,
    );
  }
}
