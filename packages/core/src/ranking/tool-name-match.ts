import type { CatalogTool } from '../catalog/tool.js';
import { splitIdentifiers } from '../utils/split-identifiers.js';
import type { SplitIdentifiersOptions } from '../utils/split-identifiers.js';
import { toolTextFields } from '../utils/tool-text-fields.js';
import { lastNameSegment } from './last-name-segment.js';

const nameWordOptions: SplitIdentifiersOptions = { keepCompounds: false, splitDigits: true, maxCompoundLength: 0 };

/**
 * The lower-case word sequence of a name or query: split at every character
 * that is not a letter or digit, at case changes (`findSymbol`,
 * `HTMLParser`) and between letters and digits: `splitIdentifiers` without
 * compounds. `find_symbol`,
 * `find symbol`, `findSymbol` and `Find-Symbol` all give `find`, `symbol`.
 */
export function toNameWords(text: string): string[] {
  return splitIdentifiers(text, nameWordOptions);
}

/** {@link toNameWords} joined by single spaces: the form names and queries are compared in. */
export function toNameKey(text: string): string {
  return toNameWords(text).join(' ');
}

/**
 * The form names are looked up in for exact-name matching: the words of
 * {@link toNameWords} run together, so word breaks do not matter
 * (`find_symbol`, `find symbol`, `findSymbol` and `findsymbol` give
 * `findsymbol`; `get vrgame` and `getVRGame` give `getvrgame`).
 */
export function toCompactNameKey(text: string): string {
  return toNameWords(text).join('');
}

/**
 * The compact keys ({@link toCompactNameKey}) a query can name a tool by:
 * its own name, its display name (`mcp__<server>__<name>`), its API name,
 * and the last segment of its own name ({@link lastNameSegment}: after
 * `mcp__<server>__`, `::` or a dotted identifier's last dot), so
 * `write_file` names `filesystem::write_file`, `air_quality_index` names
 * `environmental_data.air_quality_index` and `articles/list` names
 * `Morning Star::articles/list`, while `get stats` does not name
 * `Cricbuzz::teams/get-stats` (a path's pieces are not segments).
 * Distinct, non-empty.
 */
export function toolNameKeys(tool: CatalogTool): string[] {
  const keys: string[] = [];
  const names = [tool.name, tool.displayName, tool.apiName];
  const tail = lastNameSegment(tool.name);
  if (tail !== undefined) names.push(tail);
  for (const name of names) {
    const key = toCompactNameKey(name);
    if (key.length > 0 && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * True when the words of `phrase` occur consecutively among the words of
 * `text` (both {@link toNameKey}s), starting at a word start; the last
 * phrase word may be a prefix (`slack` matches "Slack's", `issue` matches
 * "issues", `git` matches "GitHub" but not "digit"). An empty phrase matches
 * everything.
 */
export function containsWords(textKey: string, phraseKey: string): boolean {
  if (phraseKey.length === 0) return true;
  return ` ${textKey}`.includes(` ${phraseKey}`);
}

/**
 * All searchable text of a tool as one {@link toNameKey}: names, server,
 * description, and the names and descriptions of its top-level arguments.
 * What `+term` filters look in.
 */
export function toolTextKey(tool: CatalogTool): string {
  const parts: string[] = [tool.displayName, tool.name, tool.server ?? '', tool.description];
  for (const { name, description } of toolTextFields(tool).parameters) parts.push(name, description);
  return toNameKey(parts.join(' \n '));
}
