import { describeValue } from '../errors/loadout-error.js';
import { didYouMean } from './nearest-name.js';

/**
 * `"<path> has unknown key "gpu"; did you mean …? (keys: …)"` for the first
 * key of `value` that `known` lacks, or undefined: a definition's keys are
 * checked as an option's are, so a typo is said rather than ignored.
 */
export function unknownKeyProblem(value: Readonly<Record<string, unknown>>, known: readonly string[], path: string): string | undefined {
  const key = Object.keys(value).find((name) => !known.includes(name));
  return key === undefined ? undefined : `${path} has unknown key ${describeValue(key)}${didYouMean(key, known)} (keys: ${known.join(', ')})`;
}
