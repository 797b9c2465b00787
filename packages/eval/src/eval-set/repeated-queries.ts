import type { EvalQuery } from './eval-set.js';

/** How a set's queries repeat one another, and the unit each belongs to for resampling. */
export interface QueryRepeats {
  /** The unit of each query, in set order: queries of one trimmed text share one (numbered from 0 in order of first use). */
  readonly units: readonly number[];
  /** Distinct query texts (trimmed): the units. */
  readonly distinct: number;
  /** Queries that repeat an earlier query's text with the same answers (the same gold groups, in any order). */
  readonly repeated: number;
  /** Distinct texts that appear more than once with the same answers. */
  readonly repeatedTexts: number;
}

const answers = (query: EvalQuery): string =>
  JSON.stringify((query.relevantGroups ?? query.relevant.map((name) => [name])).map((group) => [...group].sort()).map((group) => group.join('\u0000')).sort());

/**
 * The repeats of a labelled set: one unit per trimmed query text, so a
 * text listed 15 times is resampled as one query (`pairedBootstrap`'s
 * `units`), and the count of lines that repeat an earlier line's text and
 * answers, for a warning. Usage events of one text are merged when read;
 * labelled lines are not, so a copied file would otherwise count each copy
 * as new evidence. A text repeated with other answers is one unit but not
 * counted as repeated.
 */
export function queryRepeats(queries: readonly EvalQuery[]): QueryRepeats {
  const unitOf = new Map<string, number>();
  const seen = new Map<string, number>();
  let repeated = 0;
  const units = queries.map((query) => {
    const text = query.query.trim();
    const key = `${text}\u0001${answers(query)}`;
    const before = seen.get(key) ?? 0;
    if (before > 0) repeated++;
    seen.set(key, before + 1);
    let unit = unitOf.get(text);
    if (unit === undefined) {
      unit = unitOf.size;
      unitOf.set(text, unit);
    }
    return unit;
  });
  const repeatedTexts = [...seen.values()].filter((times) => times > 1).length;
  return { units, distinct: unitOf.size, repeated, repeatedTexts };
}
