import { unicodeClass } from '../utils/unicode-classes.js';

const letter = unicodeClass('upper', 'lower', 'title', 'otherLetter');
const digit = unicodeClass('number');
/** `mcp__<server>__<name>`: the form Claude Code and display names give a server's tool. */
const mcpPrefix = /^mcp__.+?__(?=.)/i;
/** A dotted identifier (`math.factorial`, `environmental_data.air_quality_index`): identifier segments, each starting with a letter or `_`. */
const dotted = new RegExp(`^[${letter}_][${letter}${digit}_-]*(?:\\.[${letter}_][${letter}${digit}_-]*)+$`, 'u');

/**
 * The last segment of a namespaced tool name, or `undefined` when the name
 * has no namespace. Segments are separated only by:
 *
 * - a leading `mcp__<server>__` (`mcp__slack__send_message` → `send_message`);
 * - `::` (`Morning Star::articles/list` → `articles/list`);
 * - the dots of a dotted identifier (`environmental_data.air_quality_index`
 *   → `air_quality_index`), applied after the two above.
 *
 * Anything else belongs to the segment: `/` and `:` of an HTTP path
 * (`teams/get-stats`, `/cities/states/:stateIsoCode`), a single `__`
 * (`charcoal__get`), and dots that are not between identifiers (`Get from
 * 1337.x`, `7. Get order history`, `countries-en.json` after a `/`,
 * `getPM2.5Level`), since splitting there names `list`, `4` or `get` after
 * whole families of tools.
 */
export function lastNameSegment(name: string): string | undefined {
  let segment = name.replace(mcpPrefix, '');
  const colons = segment.lastIndexOf('::');
  if (colons >= 0) segment = segment.slice(colons + 2);
  if (dotted.test(segment)) segment = segment.slice(segment.lastIndexOf('.') + 1);
  return segment === name || segment.trim().length === 0 ? undefined : segment;
}
