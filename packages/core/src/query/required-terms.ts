/** `+term` or `+"a phrase"` (closing quote optional) at the start of the text or after whitespace. */
const REQUIRED_MARKER = /(^|\s)\+(?:"([^"]*)"?|([^\s"+]\S*))/g;

/** Removes the `+` markers from `text` and lists the marked terms, lower-cased and without duplicates. */
export function extractRequiredTerms(text: string): { text: string; required: string[] } {
  const required = new Set<string>();
  const stripped = text.replace(REQUIRED_MARKER, (_, before: string, phrase: string | undefined, word: string | undefined) => {
    const term = (phrase ?? word ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
    if (term !== '') required.add(term);
    return `${before}${phrase ?? word ?? ''}`;
  });
  return { text: stripped.trim(), required: [...required] };
}
