/** `select:name_a,name_b`: load exactly these tools by name. */
export interface SelectToolQuery {
  readonly kind: 'select';
  /** Trimmed, non-empty, without duplicates, in the order given; case kept. At least one. */
  readonly names: string[];
}

/** A keyword query for a ranker, with the terms every result must contain. */
export interface KeywordToolQuery {
  readonly kind: 'keywords';
  /** The query, trimmed, with the `+` markers (and the quotes of a quoted required phrase) removed. Never empty. */
  readonly text: string;
  /**
   * Lower-cased terms marked `+term` or `+"a phrase"`, without duplicates, in
   * order; inner whitespace of a phrase collapsed to one space. How a term
   * matches a tool is the ranker's choice.
   */
  readonly required: string[];
}

/** A parsed tool-search query; see `parseToolQuery`. */
export type ParsedToolQuery = SelectToolQuery | KeywordToolQuery;
