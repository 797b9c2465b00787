/**
 * Stamps over term ids, reused by every query: `marks[term] === stamp` says
 * the term was seen since the last {@link nextStamp}. With `withValues`,
 * `values` holds one number per marked term for the caller.
 */
export interface TermMarks {
  marks: Int32Array;
  values: Int32Array;
  stamp: number;
  readonly withValues: boolean;
}

/** Marks for no terms yet; they grow with the dictionary. */
export function createTermMarks(withValues = false): TermMarks {
  return { marks: new Int32Array(0), values: new Int32Array(0), stamp: 0, withValues };
}

/** Forgets every mark and returns the new stamp; grows the buffers to `termCount` terms. */
export function nextStamp(termMarks: TermMarks, termCount: number): number {
  if (termMarks.marks.length < termCount) {
    const length = Math.max(termCount, termMarks.marks.length * 2);
    termMarks.marks = new Int32Array(length);
    if (termMarks.withValues) termMarks.values = new Int32Array(length);
    termMarks.stamp = 0;
  }
  if (termMarks.stamp === 0x7fffffff) {
    termMarks.marks.fill(0);
    termMarks.stamp = 0;
  }
  return ++termMarks.stamp;
}
