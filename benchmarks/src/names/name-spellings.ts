import { lastNameSegment, toNameWords } from '@loadout/core';
import type { CatalogTool } from '@loadout/core';

/** How a generated exact-name query spells the name. */
export type SpellingKind =
  | 'own'
  | 'snake'
  | 'spaced'
  | 'camel'
  | 'kebab'
  | 'joined'
  | 'display'
  | 'run-together'
  | 'tail'
  | 'tail-snake'
  | 'tail-spaced'
  | 'tail-camel'
  | 'tail-kebab'
  | 'tail-run-together';

/** One generated query that names a tool. */
export interface NameSpelling {
  readonly kind: SpellingKind;
  readonly query: string;
}

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The spellings a user may name `tool` by: its own name as written,
 * `snake_case`, spaced words, `camelCase`, `kebab-case`, all words run
 * together, its display name (`mcp__<server>__<name>`), its words with the
 * last two run together (`get vrgame` for `getVRGame`), and the last
 * segment of a dotted, `::` or `mcp__server__` name (core's
 * `lastNameSegment`: `write_file` for `filesystem::write_file`,
 * `articles/list` for `Morning Star::articles/list`) as written, snake,
 * spaced, camel, kebab and run together (`articleslist`). Duplicates are
 * dropped; a name without letters or digits has none.
 */
export function nameSpellings(tool: CatalogTool): NameSpelling[] {
  const words = toNameWords(tool.name);
  if (words.length === 0) return [];
  const candidates: NameSpelling[] = [
    { kind: 'own', query: tool.name },
    { kind: 'snake', query: words.join('_') },
    { kind: 'spaced', query: words.join(' ') },
    { kind: 'camel', query: words[0]! + words.slice(1).map(capitalised).join('') },
    { kind: 'kebab', query: words.join('-') },
    { kind: 'joined', query: words.join('') },
  ];
  if (tool.displayName !== tool.name) candidates.push({ kind: 'display', query: tool.displayName });
  if (words.length >= 2) candidates.push({ kind: 'run-together', query: [...words.slice(0, -2), words.at(-2)! + words.at(-1)!].join(' ') });
  const tail = lastNameSegment(tool.name);
  const tailWords = tail === undefined ? [] : toNameWords(tail);
  if (tailWords.length > 0) {
    candidates.push(
      { kind: 'tail', query: tail! },
      { kind: 'tail-snake', query: tailWords.join('_') },
      { kind: 'tail-spaced', query: tailWords.join(' ') },
      { kind: 'tail-camel', query: tailWords[0]! + tailWords.slice(1).map(capitalised).join('') },
      { kind: 'tail-kebab', query: tailWords.join('-') },
      { kind: 'tail-run-together', query: tailWords.join('') },
    );
  }
  const seen = new Set<string>();
  return candidates.filter((spelling) => {
    if (seen.has(spelling.query)) return false;
    seen.add(spelling.query);
    return true;
  });
}
