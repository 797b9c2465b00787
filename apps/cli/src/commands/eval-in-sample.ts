import { countTrainingQueries, SHIPPED_TRAINING_QUERIES } from '@loadout/eval/training-queries';
import type { TrainingQueries } from '@loadout/eval/training-queries';
import { formatCount } from '../format/render-table.js';
import type { CommandWarning } from '../io/command-warnings.js';

/** The built-in rankers that run a model `pnpm train` fitted on the bundled eval sets' dev queries, unless given a `model` of their own. */
export const SHIPPED_MODEL_RANKERS: readonly string[] = ['rerank', 'rerank-glove'];

/** Share of the queries, from which on `eval` says a shipped model is scored in-sample: 10%, as for --feedback lines. */
export const IN_SAMPLE_SHARE = 0.1;

/** How many of the queries the shipped models were trained on, and which of `rankers` run them. */
export interface InSample {
  readonly rankers: readonly string[];
  readonly trained: number;
  readonly total: number;
}

/**
 * Which of `rankers` (those running a shipped model: `ownModel` names the
 * ones given a model of their own) are scored on queries their model was
 * trained on: at least {@link IN_SAMPLE_SHARE} of `queries` are in the
 * record `pnpm train` keeps of its training queries (hashed). Undefined
 * when none is.
 */
export function findInSample(rankers: readonly string[], queries: readonly string[], ownModel: readonly string[] = [], record: TrainingQueries = SHIPPED_TRAINING_QUERIES): InSample | undefined {
  const shipped = rankers.filter((name) => SHIPPED_MODEL_RANKERS.includes(name) && !ownModel.includes(name));
  if (shipped.length === 0 || queries.length === 0) return undefined;
  const trained = countTrainingQueries(record, queries);
  return trained / queries.length < IN_SAMPLE_SHARE ? undefined : { rankers: shipped, trained, total: queries.length };
}

const share = ({ trained, total }: InSample): string => `${formatCount(trained)} of the ${formatCount(total)} queries (${Math.round((trained / total) * 100)}%)`;
const models = ({ rankers }: InSample): string => `${rankers.join(' and ')} ${rankers.length === 1 ? 'runs a model' : 'run models'}`;

/** The warning (`eval-in-sample`), printed and in `--json`'s `warnings`. */
export function inSampleWarning(found: InSample): CommandWarning {
  const message = `${share(found)} are queries ${models(found)} trained on (loadout's build fitted the shipped models on the bundled eval sets' dev queries): ${found.rankers.length === 1 ? 'its' : 'their'} figures here are in-sample and overstate ${found.rankers.length === 1 ? 'it' : 'them'} on new queries; judge ${found.rankers.length === 1 ? 'it' : 'them'} on queries of your own (--queries FILE)`;
  return { code: 'eval-in-sample', message };
}

/** The caveat in a sentence: which rankers run models trained on how many of the queries, and what to do. */
export function inSampleCaveat(found: InSample): string {
  return `in-sample: ${models(found)} trained on ${share(found)}; compare ${found.rankers.length === 1 ? 'it' : 'them'} on queries of your own`;
}

/** The note under the text output. */
export function inSampleNote(found: InSample): string {
  return `note: ${inSampleCaveat(found)}\n`;
}
