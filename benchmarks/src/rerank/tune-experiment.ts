// Scratch: hyper-parameter sweep over cached cases (not committed).
import { registerWorkspaceSources } from '../register-workspace-sources.js';
registerWorkspaceSources();
const { loadRerankCases } = await import('./rerank-cases.js');
const { measureOutOfFoldRerank } = await import('./out-of-fold-rerank.js');
const { cases } = await loadRerankCases('/work/shared/data/eval', undefined, 50);
const variants = [
  { name: 'mlp l2 0.001 e40', options: { kind: 'mlp' as const, units: 16, l2: 0.001 } },
  { name: 'mlp l2 0.003 e60', options: { kind: 'mlp' as const, units: 16, l2: 0.003, epochs: 60 } },
  { name: 'mlp l2 0.0003 e40 lr.003', options: { kind: 'mlp' as const, units: 16, l2: 0.0003, learningRate: 0.003 } },
  { name: 'linear l2 0.0001', options: { kind: 'linear' as const, l2: 0.0001, epochs: 60 } },
];
const result = measureOutOfFoldRerank(cases, variants, 5, (line) => process.stderr.write(line + '\n'));
for (const set of result.sets) {
  process.stdout.write(`${set.set}: base ${(set.baseline['recall@5'] * 100).toFixed(1)} ` + Object.entries(set.models).map(([n, s]) => `${n} ${(s['recall@5'] * 100).toFixed(1)}`).join(' | ') + '\n');
}
