/** A ranker as a comparison names it, with the options it ran with when they are not the defaults. */
export interface LabelledRanker {
  readonly ranker: string;
  /** The config's `rankerOptions` this ranker ran with; absent (or empty) when it ran with its defaults. */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** Options as a reader writes them: `{k1: 1, fields: {"name": 3}}` (keys bare, values as JSON). */
export function formatRankerOptions(options: Readonly<Record<string, unknown>>): string {
  return `{${Object.entries(options)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join(', ')}}`;
}

/** The ranker's name, followed by its options when it did not run with its defaults: `bm25f {k1: 1}`. */
export function rankerLabel(row: LabelledRanker): string {
  return row.options === undefined || Object.keys(row.options).length === 0 ? row.ranker : `${row.ranker} ${formatRankerOptions(row.options)}`;
}
