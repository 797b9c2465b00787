import type { CatalogTool } from '../catalog/tool.js';
import { unicodeClass } from '../utils/unicode-classes.js';
import { lastNameSegment } from './last-name-segment.js';

const letter = unicodeClass('upper', 'lower', 'title', 'otherLetter');
const wordCharacter = `${letter}${unicodeClass('mark', 'number')}`;
/** What a query is cut into tokens at: white space, quotes, brackets and `,;!?`, none of them part of an identifier. */
const TOKEN_BREAK = /[\s"'`‘’“”()[\]{}<>,;!?]+/u;
/** Leading and trailing characters that end a sentence or a clause or open a path, not a name: `create_branch.`, `math.factorial:`, `/QandA`. */
const EDGE = /^[.:\-/*]+|[.:\-/*]+$/gu;
/** `_` (one or more, as in `mcp__srv__name`), `.`, `::` or `-` between two word characters (or `_`, for `__`). */
const SEPARATED = new RegExp(`[${wordCharacter}](?:_+|\\.|::|-)[${wordCharacter}_]`, 'u');
/** A lower-case letter followed by an upper-case one: `findSymbol`, `getVRGame`. */
const CAMEL = new RegExp(`[${unicodeClass('lower')}][${unicodeClass('upper')}]`, 'u');
const HAS_LETTER = new RegExp(`[${letter}]`, 'u');

/** The form a token and a name are compared in: lower case, without the {@link EDGE} characters. */
function spelling(text: string): string {
  return text.replace(EDGE, '').toLowerCase();
}

/**
 * The tokens of a query written as identifiers, as {@link toolSpellings}
 * compares them (lower case), in query order, without duplicates. A token
 * is a run of characters between white space, quotes, brackets and `,;!?`,
 * leading and trailing `.:-/*` dropped; it is an identifier when it has a
 * letter and either `_`, `.`, `::` or `-` between word characters
 * (`create_branch`, `math.factorial`, `filesystem::write_file`,
 * `mcp__github__create_branch`, `send-email`) or a lower-case letter
 * followed by an upper-case one (`findSymbol`). Plain words (`branch`,
 * `Branch`) are not, since one would name every tool called by one word,
 * nor are numbers (`1.5`, `555-0100`).
 */
export function identifierTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const piece of text.split(TOKEN_BREAK)) {
    const token = piece.replace(EDGE, '');
    if (!HAS_LETTER.test(token) || !(SEPARATED.test(token) || CAMEL.test(token))) continue;
    const key = token.toLowerCase();
    if (!tokens.includes(key)) tokens.push(key);
  }
  return tokens;
}

/**
 * The spellings an {@link identifierTokens} token names a tool by: its own
 * name, display name (`mcp__<server>__<name>`), API name and the last
 * segment of its own name ({@link lastNameSegment}), each as written up to
 * case and leading or trailing `.:-/*`. Unlike `toolNameKeys`, word breaks
 * count: `create_branch` names `create_branch`, `createBranch` does not, and
 * `check-in` in a sentence does not name `checkIn`. Distinct, non-empty.
 */
export function toolSpellings(tool: CatalogTool): string[] {
  const spellings: string[] = [];
  const tail = lastNameSegment(tool.name);
  for (const name of tail === undefined ? [tool.name, tool.displayName, tool.apiName] : [tool.name, tool.displayName, tool.apiName, tail]) {
    const key = spelling(name);
    if (key.length > 0 && !spellings.includes(key)) spellings.push(key);
  }
  return spellings;
}
