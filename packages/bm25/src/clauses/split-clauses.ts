import { CLAUSE_VERBS, DISCOURSE_MARKERS } from './clause-verbs.js';

const verbs = CLAUSE_VERBS.join('|');
const sentenceBreak = /(?<=[.!?])\s+|[;\n]+/g;
const connectiveBreak = /\b(?:then|also)\b/gi;
const verbBreak = new RegExp(`(?:,\\s*|\\band\\s+)(?=(?:${verbs})\\b)`, 'gi');
const leadingMarkers = new RegExp(`^(?:[\\s,.:!?]+|(?:${DISCOURSE_MARKERS.join('|')})\\b)+`, 'i');
const trailing = /[\s,]/;

/**
 * Splits each span `[spans[i], spans[i + 1])` of `text` where `pattern`
 * matches, as `String.prototype.split` would split that span's text (the
 * pattern sees only the span), dropping the matches.
 */
function splitSpans(text: string, spans: readonly number[], pattern: RegExp): number[] {
  const result: number[] = [];
  for (let index = 0; index < spans.length; index += 2) {
    const start = spans[index]!;
    const piece = text.slice(start, spans[index + 1]);
    let last = 0;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(piece); match !== null; match = pattern.exec(piece)) {
      result.push(start + last, start + match.index);
      last = match.index + match[0].length;
    }
    result.push(start + last, start + piece.length);
  }
  return result;
}

/**
 * The clauses of {@link splitClauses} as offsets into `text`: clause `i` is
 * `text.slice(spans[2 * i], spans[2 * i + 1])`.
 */
export function splitClauseSpans(text: string): number[] {
  let spans = splitSpans(text, [0, text.length], sentenceBreak);
  spans = splitSpans(text, spans, connectiveBreak);
  spans = splitSpans(text, spans, verbBreak);
  const clauses: number[] = [];
  for (let index = 0; index < spans.length; index += 2) {
    let start = spans[index]!;
    let end = spans[index + 1]!;
    const marker = leadingMarkers.exec(text.slice(start, end));
    if (marker !== null) start += marker[0].length;
    // A loop: `/[\s,]+$/` is quadratic on long runs.
    while (end > start && trailing.test(text[end - 1]!)) end--;
    if (end > start) clauses.push(start, end);
  }
  return clauses;
}

/**
 * Splits a multi-step request into clauses: at sentence ends, `;` and line
 * breaks, at the words "then" and "also" (dropped), and before a verb that
 * follows a comma or "and" ("…, save it", "… and send it"; see
 * {@link CLAUSE_VERBS}). Leading discourse markers ("Finally,", "After
 * that") are stripped. Returns the trimmed, non-empty clauses in order; a
 * single-intent query yields one clause.
 */
export function splitClauses(text: string): string[] {
  const spans = splitClauseSpans(text);
  const clauses: string[] = [];
  for (let index = 0; index < spans.length; index += 2) clauses.push(text.slice(spans[index], spans[index + 1]));
  return clauses;
}
