import { CLAUSE_VERBS, DISCOURSE_MARKERS } from './clause-verbs.js';

const verbs = CLAUSE_VERBS.join('|');
const sentenceBreak = /(?<=[.!?])\s+|[;\n]+/;
const connectiveBreak = /\b(?:then|also)\b/i;
const verbBreak = new RegExp(`(?:,\\s*|\\band\\s+)(?=(?:${verbs})\\b)`, 'i');
const leadingMarkers = new RegExp(`^(?:[\\s,.:!?]+|(?:${DISCOURSE_MARKERS.join('|')})\\b)+`, 'i');

function splitAll(pieces: readonly string[], pattern: RegExp): string[] {
  const result: string[] = [];
  for (const piece of pieces) for (const part of piece.split(pattern)) result.push(part);
  return result;
}

/** Drops trailing whitespace and commas (a loop: `/[\s,]+$/` is quadratic on long runs). */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s,]/.test(text[end - 1]!)) end--;
  return text.slice(0, end);
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
  let pieces = text.split(sentenceBreak);
  pieces = splitAll(pieces, connectiveBreak);
  pieces = splitAll(pieces, verbBreak);
  const clauses: string[] = [];
  for (const piece of pieces) {
    const trimmed = trimEnd(piece.replace(leadingMarkers, ''));
    if (trimmed.length > 0) clauses.push(trimmed);
  }
  return clauses;
}
