/** `text` without a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The non-blank lines of JSON Lines text (a leading byte-order mark dropped), each with its 1-based number and its text as written (a `\r` kept). */
export function jsonLines(text: string): { readonly line: number; readonly text: string }[] {
  return stripBom(text)
    .split('\n')
    .flatMap((line, index) => (line.trim().length === 0 ? [] : [{ line: index + 1, text: line }]));
}
