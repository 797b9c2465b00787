import { createBm25Ranker, deserializeBm25Index } from '@loadout/bm25';
import { createCatalog, decideToolSearch, parseCatalogText, parsePolicyInput, parseToolQuery } from '@loadout/core';
import { decodeEmbeddingCache, decodeWordVectorTable, encodeEmbeddingCache, encodeWordVectorTable } from '@loadout/embeddings';
import { parseMcpConfig } from '@loadout/mcp';

/**
 * One public parser under fuzz: `text` parsers get strings, `bytes` decoders
 * damaged copies of `sample` (a small valid file) and random bytes, the
 * others any value.
 */
export interface FuzzTarget {
  readonly name: string;
  readonly input: 'text' | 'value' | 'bytes';
  readonly sample?: Uint8Array;
  run(input: unknown): unknown;
}

const indexedTools = createCatalog([
  { name: 'send_email', server: 'mail', description: 'Send an email', inputSchema: { type: 'object', properties: { to: { type: 'string' } } } },
  { name: 'list_files', description: 'List files in a folder' },
]).tools;
const bm25Blob = (() => {
  const ranker = createBm25Ranker();
  ranker.index(indexedTools);
  return ranker.serialize();
})();
const tableFile = encodeWordVectorTable({
  dimensions: 3,
  vocabularySize: 10,
  words: ['alpha', 'beta'],
  ranks: Uint32Array.of(0, 4),
  scales: Float32Array.of(0.5, 1),
  values: Int8Array.of(1, -2, 3, 4, 5, -6),
});
const cacheFile = encodeEmbeddingCache([
  { key: 'model\u0000abc:3', vector: Float32Array.of(0.5, -1) },
  { key: 'model\u0000def:4', vector: Float32Array.of(2, 0) },
]);

/** Every public parser of Loadout that takes untrusted input. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  { name: 'parseCatalogText', input: 'text', run: (text) => parseCatalogText(text as string, { source: 'fuzz' }) },
  { name: 'createCatalog', input: 'value', run: (value) => createCatalog(value as never) },
  { name: 'parsePolicyInput + decideToolSearch', input: 'value', run: (value) => decideToolSearch(parsePolicyInput(value)) },
  { name: 'parseToolQuery', input: 'value', run: (value) => parseToolQuery(value as string) },
  { name: 'parseMcpConfig', input: 'value', run: (value) => parseMcpConfig(value, { env: {} }) },
  { name: 'deserializeBm25Index', input: 'bytes', sample: bm25Blob, run: (bytes) => deserializeBm25Index(bytes as Uint8Array, indexedTools) },
  { name: 'decodeWordVectorTable', input: 'bytes', sample: tableFile, run: (bytes) => decodeWordVectorTable(bytes as Uint8Array) },
  { name: 'decodeEmbeddingCache', input: 'bytes', sample: cacheFile, run: (bytes) => decodeEmbeddingCache(bytes as Uint8Array) },
];
