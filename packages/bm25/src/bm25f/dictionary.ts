/** Term ↔ id mapping; ids are dense, assigned in order of first sight. */
export interface Dictionary {
  readonly ids: Map<string, number>;
  readonly terms: string[];
}

/** A dictionary of no terms, or of the given terms in id order. */
export function createDictionary(terms: string[] = []): Dictionary {
  const ids = new Map<string, number>();
  for (let index = 0; index < terms.length; index++) ids.set(terms[index]!, index);
  return { ids, terms };
}

/** The id of `term`, adding it when new. */
export function internTerm(dictionary: Dictionary, term: string): number {
  let id = dictionary.ids.get(term);
  if (id === undefined) {
    id = dictionary.terms.length;
    dictionary.ids.set(term, id);
    dictionary.terms.push(term);
  }
  return id;
}
