import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { trainRerankModel } from '@loadout/learn';
import { recordTrainingQueries } from '@loadout/eval/training-queries';
import { REPO_ROOT } from '../paths.js';
import { MODEL_VARIANTS } from '../rerank/model-variants.js';
import type { ModelVariant } from '../rerank/model-variants.js';
import { loadRerankCases, trainingOf } from '../rerank/rerank-cases.js';
import type { RerankCase } from '../rerank/rerank-cases.js';

/** A shipped weights file (numbers only) and the family it is trained as. */
export interface ShippedModel {
  readonly path: string;
  readonly variant: ModelVariant;
}

const variant = (name: string): ModelVariant => MODEL_VARIANTS.find((item) => item.name === name)!;

/**
 * The shipped models, chosen by `pnpm bench -- --only rerank` (see
 * `docs/decisions/0044-learned-reranker.md`): the lexical one (`LEXICAL_RERANK_MODEL` of `@loadout/bm25`)
 * and the one with GloVe-SIF features (`GLOVE_RERANK_MODEL` of
 * `@loadout/learn/rerank-glove`).
 */
export const SHIPPED_MODELS: readonly ShippedModel[] = [
  { path: join(REPO_ROOT, 'packages/learn/src/rerank/models/lexical-rerank-model.json'), variant: variant('mlp16') },
  { path: join(REPO_ROOT, 'packages/learn/src/rerank/models/glove-rerank-model.json'), variant: variant('mlp16 + GloVe') },
];

/** Where `pnpm train` records the queries the shipped models were trained on (hashed), so `loadout eval` can say when it scores them in-sample. */
export const TRAINING_QUERIES_PATH = join(REPO_ROOT, 'packages/eval/src/training-queries/shipped-training-queries.json');

/** First-stage candidates of the shipped models. */
export const SHIPPED_CANDIDATES = 50;

/** A freshly trained model file: where it goes and its text. */
export interface TrainedFile {
  readonly path: string;
  readonly text: string;
}

/**
 * Trains the shipped models from scratch on every set's dev queries
 * (mix10k's copies of the sets it pools once), with the fixed seed, and
 * returns each file's text. Deterministic: the same data gives the same bytes.
 */
export async function trainShippedModels(dataDir: string, log: (line: string) => void = () => {}): Promise<TrainedFile[]> {
  const { cases } = await loadRerankCases(dataDir, undefined, SHIPPED_CANDIDATES, { vectors: true });
  return trainShippedFromCases(cases, log);
}

/** {@link trainShippedModels} on cases already loaded (every set, {@link SHIPPED_CANDIDATES} candidates, with vectors). */
export function trainShippedFromCases(cases: readonly RerankCase[], log: (line: string) => void = () => {}): TrainedFile[] {
  const training = trainingOf(cases);
  const models = SHIPPED_MODELS.map(({ path, variant: shipped }) => {
    log(`training ${shipped.name} on ${training.length} queries`);
    const model = trainRerankModel(training, shipped.options);
    return { path, text: `${JSON.stringify(model)}\n` };
  });
  // Every dev query read (those trained on and mix10k's copies of them): evaluating on any of them is in-sample.
  const queries = recordTrainingQueries(cases.map((item) => item.query.query));
  return [...models, { path: TRAINING_QUERIES_PATH, text: `${JSON.stringify(queries)}\n` }];
}

/** Whether each committed model equals a fresh training run on `dataDir`. */
export async function checkShippedModels(dataDir: string, log?: (line: string) => void, cases?: readonly RerankCase[]): Promise<{ equal: boolean; detail: string }> {
  const fresh = cases === undefined ? await trainShippedModels(dataDir, log) : trainShippedFromCases(cases, log);
  const details: string[] = [];
  let equal = true;
  for (const { path, text } of fresh) {
    let shipped = '';
    try {
      shipped = await readFile(path, 'utf8');
    } catch {
      equal = false;
      details.push(`no shipped model at ${path} (run pnpm train)`);
      continue;
    }
    if (shipped === text) {
      details.push(`${path} equals a fresh training run (${text.length} bytes)`);
    } else {
      equal = false;
      details.push(`${path} differs from a fresh training run: run pnpm train and commit it`);
    }
  }
  return { equal, detail: details.join('\n') };
}
