/**
 * Reduces an English plural to its singular the way a light "S stemmer"
 * does: `-ies` → `-y` (`queries` → `query`), otherwise drops a final `s`
 * (`files` → `file`, `searches` → `searche`), leaving words of 3 letters or
 * fewer and words ending in `ss`, `us` or `is` (`address`, `status`,
 * `analysis`) alone. Applied alike to tool text and queries, so both sides
 * meet on the same form; it is not a linguistic lemmatiser.
 */
export function stripPlural(token: string): string {
  const length = token.length;
  if (length <= 3 || token.charCodeAt(length - 1) !== 115 /* s */) return token;
  const before = token.charCodeAt(length - 2);
  if (before === 115 /* s */ || before === 117 /* u */ || before === 105 /* i */) return token;
  if (before === 101 /* e */ && token.charCodeAt(length - 3) === 105 /* i */) return `${token.slice(0, -3)}y`;
  return token.slice(0, -1);
}

/** {@link stripPlural} on every token, in place; returns `tokens`. */
export function stripPlurals(tokens: string[]): string[] {
  for (let index = 0; index < tokens.length; index++) tokens[index] = stripPlural(tokens[index]!);
  return tokens;
}
