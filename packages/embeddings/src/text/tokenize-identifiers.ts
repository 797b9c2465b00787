const CASE_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * Splits text into lower-case word tokens the way identifiers are read:
 * camelCase and PascalCase boundaries (`createIssue` → `create`, `issue`;
 * `HTTPServer` → `http`, `server`) and every character that is not a letter
 * or digit (`_ - . / ::`, spaces, punctuation) separate tokens. Pure.
 */
export function tokenizeIdentifiers(text: string): string[] {
  if (text.length === 0) return [];
  const tokens = text.replace(CASE_BOUNDARY, ' ').toLowerCase().split(SEPARATORS);
  return tokens.filter((token) => token.length > 0);
}
