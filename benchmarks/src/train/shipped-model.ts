import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { trainRerankModel } from '@loadout/eval';
import { REPO_ROOT } from '../paths.js';
import { maskFeatures, MODEL_VARIANTS } from '../rerank/model-variants.js';
import type { ModelVariant } from '../rerank/model-variants.js';
import { loadRerankCases } from '../rerank/rerank-cases.js';
import type { RerankCase } from '../rerank/rerank-cases.js';

/** Where the shipped lexical model lives (numbers only; `@loadout/bm25` exports it as `LEXICAL_RERANK_MODEL`). */
export const SHIPPED_MODEL_PATH = join(REPO_ROOT, 'packages/bm25/src/rerank/models/lexical-rerank-model.json');

/** The family shipped, chosen by `pnpm bench -- --only rerank` (see DESIGN.md). */
export const SHIPPED_VARIANT: ModelVariant = MODEL_VARIANTS.find((variant) => variant.name === 'mlp16')!;

/** First-stage candidates of the shipped model. */
export const SHIPPED_CANDIDATES = 50;

/**
 * Trains the shipped model from scratch on every set's dev queries (mix10k's
 * copies of the sets it pools once), with the fixed seed, and returns the
 * file's text. Deterministic: the same data gives the same bytes.
 */
export async function trainShippedModel(dataDir: string, log: (line: string) => void = () => {}): Promise<string> {
  const { cases } = await loadRerankCases(dataDir, undefined, SHIPPED_CANDIDATES);
  return trainShippedFromCases(cases, log);
}

/** {@link trainShippedModel} on cases already loaded (every set, {@link SHIPPED_CANDIDATES} candidates). */
export function trainShippedFromCases(cases: readonly RerankCase[], log: (line: string) => void = () => {}): string {
  const training = cases.filter((item) => !item.pooledCopy && item.training !== undefined).map((item) => item.training!);
  log(`training ${SHIPPED_VARIANT.name} on ${training.length} queries`);
  const model = trainRerankModel(maskFeatures(training, SHIPPED_VARIANT.without), SHIPPED_VARIANT.options);
  return `${JSON.stringify(model)}\n`;
}

/** Whether the committed model equals a fresh training run on `dataDir`. */
export async function checkShippedModel(dataDir: string, log?: (line: string) => void, cases?: readonly RerankCase[]): Promise<{ equal: boolean; detail: string }> {
  const fresh = cases === undefined ? await trainShippedModel(dataDir, log) : trainShippedFromCases(cases, log);
  let shipped = '';
  try {
    shipped = await readFile(SHIPPED_MODEL_PATH, 'utf8');
  } catch {
    return { equal: false, detail: `no shipped model at ${SHIPPED_MODEL_PATH} (run pnpm train)` };
  }
  return shipped === fresh
    ? { equal: true, detail: `${SHIPPED_MODEL_PATH} equals a fresh training run (${fresh.length} bytes)` }
    : { equal: false, detail: `${SHIPPED_MODEL_PATH} differs from a fresh training run: run pnpm train and commit it` };
}
