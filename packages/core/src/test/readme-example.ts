import { createLoadoutError } from '../errors/loadout-error.js';

/** The line a fixture puts before the part a README shows (what precedes it are the example's givens: a model, your tools). */
const FIXTURE_MARKER = '// README example:\n';

/**
 * The code of the example a README marks `<!-- example:NAME -->` on the line
 * before its ```ts fence, through its last line's newline, for a test that
 * compares it with a fixture the package type-checks (and runs). Throws
 * `invalid-input` naming a marker the README lacks.
 */
export function markedExample(markdown: string, marker: string): string {
  const opening = `<!-- example:${marker} -->\n\`\`\`ts\n`;
  const start = markdown.indexOf(opening);
  if (start < 0) throw createLoadoutError('invalid-input', `the README has no example marked <!-- example:${marker} --> before a ts fence`);
  const end = markdown.indexOf('\n```\n', start + opening.length);
  return markdown.slice(start + opening.length, end + 1);
}

/** A fixture's text after its `// README example:` line (all of it when it has none): what the README shows. */
export function afterExampleMarker(fixture: string): string {
  const at = fixture.indexOf(FIXTURE_MARKER);
  return at < 0 ? fixture : fixture.slice(at + FIXTURE_MARKER.length);
}
