import { decodeUtf8, encodeUtf8, openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';
import { createByteReader, corruptIndex } from './byte-reader.js';
import { createByteWriter } from './byte-writer.js';
import { createDictionary } from './dictionary.js';
import type { Dictionary } from './dictionary.js';
import { FIELD_COUNT } from './postings.js';
import type { Postings } from './postings.js';

/** First bytes of every serialised BM25F index: `LBMF`. */
export const INDEX_MAGIC = Uint8Array.of(0x4c, 0x42, 0x4d, 0x46);
/** Format version written; readers reject others. */
export const INDEX_FORMAT_VERSION = 2;

/** The shared checksum frame with the BM25F magic and version; its flags word holds the field count. */
const INDEX_FRAME: FrameFormat = { magic: INDEX_MAGIC, version: INDEX_FORMAT_VERSION, corrupt: corruptIndex };

/** What a serialised index holds. */
export interface IndexContents {
  /** The analyzer signature the postings were built with. */
  readonly signature: string;
  /** FNV-1a of the indexed tools' display names, in order. */
  readonly namesHash: number;
  readonly dictionary: Dictionary;
  readonly postings: Postings;
}

/**
 * Layout (little-endian; `v` = unsigned LEB128 varint), inside the shared
 * checksum frame of `@loadout/core` (`sealFrame`): magic `LBMF`, u16
 * version, u16 field count (the frame's flags), then v signature length + UTF-8 signature,
 * u32 names hash, v documents, v terms, v postings; per term v length +
 * UTF-8 text; per term v document frequency, then per posting v doc-id gap,
 * a byte of fields present, v frequency per present field; per document and
 * field v length; then the frame's u32 FNV-1a checksum of everything before it.
 */
export function encodeIndex(contents: IndexContents): Uint8Array {
  const { postings, dictionary } = contents;
  const writer = createByteWriter(64 + postings.docs.length * 4 + dictionary.terms.length * 12);
  const signature = encodeUtf8(contents.signature);
  writer.varint(signature.length);
  writer.bytes(signature);
  writer.uint32(contents.namesHash);
  writer.varint(postings.docCount);
  writer.varint(postings.termCount);
  writer.varint(postings.docs.length);
  for (let term = 0; term < postings.termCount; term++) {
    const bytes = encodeUtf8(dictionary.terms[term]!);
    writer.varint(bytes.length);
    writer.bytes(bytes);
  }
  const { termStart, docs, tfs } = postings;
  for (let term = 0; term < postings.termCount; term++) {
    const start = termStart[term]!;
    const end = termStart[term + 1]!;
    writer.varint(end - start);
    let previous = -1;
    for (let posting = start; posting < end; posting++) {
      writer.varint(docs[posting]! - previous - 1);
      previous = docs[posting]!;
      let mask = 0;
      for (let field = 0; field < FIELD_COUNT; field++) if (tfs[posting * FIELD_COUNT + field]! > 0) mask |= 1 << field;
      writer.byte(mask);
      for (let field = 0; field < FIELD_COUNT; field++) {
        const tf = tfs[posting * FIELD_COUNT + field]!;
        if (tf > 0) writer.varint(tf);
      }
    }
  }
  for (const length of postings.fieldLengths) writer.varint(length);
  return sealFrame(INDEX_FRAME, writer.finish(), FIELD_COUNT);
}

/** Reads a blob written by {@link encodeIndex}; anything malformed throws `index-corrupt`. */
export function decodeIndex(blob: Uint8Array): IndexContents {
  const { payload, flags } = openFrame(blob, INDEX_FRAME);
  if (flags !== FIELD_COUNT) throw corruptIndex('unexpected field count');
  const reader = createByteReader(payload);
  const text = (bytes: Uint8Array): string => {
    const value = decodeUtf8(bytes);
    if (value === undefined) throw corruptIndex('invalid UTF-8 text');
    return value;
  };
  const signature = text(reader.bytes(reader.varint()));
  const namesHash = reader.uint32();
  const docCount = reader.varint();
  const termCount = reader.varint();
  const postingCount = reader.varint();
  if (termCount > reader.remaining || postingCount > reader.remaining || docCount * FIELD_COUNT > reader.remaining) {
    throw corruptIndex('counts exceed the data', { docCount, termCount, postingCount });
  }
  const terms: string[] = new Array<string>(termCount);
  const seen = new Set<string>();
  for (let term = 0; term < termCount; term++) {
    const value = text(reader.bytes(reader.varint()));
    if (seen.has(value)) throw corruptIndex(`duplicate term ${JSON.stringify(value)}`);
    seen.add(value);
    terms[term] = value;
  }
  const termStart = new Int32Array(termCount + 1);
  const docs = new Int32Array(postingCount);
  const tfs = new Uint16Array(postingCount * FIELD_COUNT);
  let posting = 0;
  for (let term = 0; term < termCount; term++) {
    const df = reader.varint();
    if (posting + df > postingCount) throw corruptIndex('more postings than declared');
    let doc = -1;
    for (let index = 0; index < df; index++, posting++) {
      doc += reader.varint() + 1;
      if (doc >= docCount) throw corruptIndex('document id out of range', { term: terms[term], doc });
      docs[posting] = doc;
      const mask = reader.byte();
      if (mask === 0 || mask >= 1 << FIELD_COUNT) throw corruptIndex('invalid field mask', { mask });
      for (let field = 0; field < FIELD_COUNT; field++) {
        if ((mask & (1 << field)) === 0) continue;
        const tf = reader.varint();
        if (tf === 0 || tf > 0xffff) throw corruptIndex('term frequency out of range', { tf });
        tfs[posting * FIELD_COUNT + field] = tf;
      }
    }
    termStart[term + 1] = posting;
  }
  if (posting !== postingCount) throw corruptIndex('fewer postings than declared');
  const fieldLengths = new Int32Array(docCount * FIELD_COUNT);
  for (let index = 0; index < fieldLengths.length; index++) {
    const length = reader.varint();
    if (length > 0x7fffffff) throw corruptIndex('field length out of range');
    fieldLengths[index] = length;
  }
  if (reader.remaining !== 0) throw corruptIndex('trailing bytes', { remaining: reader.remaining });
  return {
    signature,
    namesHash,
    dictionary: createDictionary(terms),
    postings: { docCount, termCount, termStart, docs, tfs, fieldLengths },
  };
}
