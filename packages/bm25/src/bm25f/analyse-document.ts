import type { ToolFieldTokens } from '../analyzer/create-tool-analyzer.js';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import { internTerm } from './dictionary.js';
import type { Dictionary } from './dictionary.js';
import { FIELD_COUNT } from './postings.js';
import type { AnalysedDocument } from './postings.js';

const MAX_TF = 0xffff;

/** Scratch space reused across documents: the slot of each term in the document being analysed. */
export interface AnalysisScratch {
  slotOf: Int32Array;
  markOf: Int32Array;
  epoch: number;
  terms: Int32Array;
  tfs: Uint16Array;
}

/** Empty scratch; it grows as needed. */
export function createAnalysisScratch(): AnalysisScratch {
  return { slotOf: new Int32Array(1024), markOf: new Int32Array(1024), epoch: 0, terms: new Int32Array(256), tfs: new Uint16Array(256 * FIELD_COUNT) };
}

function grow<T extends Int32Array | Uint16Array>(array: T, minimum: number): T {
  let length = array.length * 2;
  while (length < minimum) length *= 2;
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

/** Counts a tool's field tokens into term ids (adding new terms to the dictionary). */
export function analyseDocument(fields: ToolFieldTokens, dictionary: Dictionary, scratch: AnalysisScratch): AnalysedDocument {
  if (scratch.epoch === 0x7fffffff) {
    scratch.markOf.fill(0);
    scratch.epoch = 0;
  }
  const epoch = ++scratch.epoch;
  const lengths = new Int32Array(FIELD_COUNT);
  let count = 0;
  for (let field = 0; field < FIELD_COUNT; field++) {
    const tokens = fields[TOOL_FIELDS[field]!];
    lengths[field] = tokens.length;
    for (const token of tokens) {
      const term = internTerm(dictionary, token);
      if (term >= scratch.markOf.length) {
        scratch.markOf = grow(scratch.markOf, term + 1);
        scratch.slotOf = grow(scratch.slotOf, term + 1);
      }
      let slot: number;
      if (scratch.markOf[term] === epoch) {
        slot = scratch.slotOf[term]!;
      } else {
        slot = count++;
        scratch.markOf[term] = epoch;
        scratch.slotOf[term] = slot;
        if (slot >= scratch.terms.length) {
          scratch.terms = grow(scratch.terms, slot + 1);
          scratch.tfs = grow(scratch.tfs, (slot + 1) * FIELD_COUNT);
        }
        scratch.terms[slot] = term;
        scratch.tfs.fill(0, slot * FIELD_COUNT, (slot + 1) * FIELD_COUNT);
      }
      const at = slot * FIELD_COUNT + field;
      const tf = scratch.tfs[at]!;
      if (tf < MAX_TF) scratch.tfs[at] = tf + 1;
    }
  }
  return { terms: scratch.terms.slice(0, count), tfs: scratch.tfs.slice(0, count * FIELD_COUNT), lengths };
}
