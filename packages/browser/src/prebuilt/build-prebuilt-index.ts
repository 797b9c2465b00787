import { readOptions } from '@loadout/core/plugins';
import { bm25fDefinition } from '@loadout/rankers/browser';
import type { CatalogInput, LoadCatalogOptions } from '../catalog/catalog-input.js';
import { readCatalogInput } from '../catalog/read-catalog-input.js';
import type { ReadCatalog } from '../catalog/read-catalog-input.js';
import { encodePrebuiltIndex } from './prebuilt-index-codec.js';

/** What {@link buildPrebuiltIndex} returns: the file's bytes and the catalog as read. */
export interface BuiltPrebuiltIndex {
  readonly bytes: Uint8Array;
  readonly read: ReadCatalog;
}

/**
 * Reads `input` as `loadCatalog` does, indexes it with BM25F (the engine's
 * default ranker, default options) and returns the prebuilt index file:
 * the catalog and the saved index in one checksummed frame, which
 * `loadCatalog` (and `<loadout-search index>`) load instead of building.
 * Throws the catalog errors of `loadCatalog`.
 */
export async function buildPrebuiltIndex(input: CatalogInput, options: LoadCatalogOptions = {}): Promise<BuiltPrebuiltIndex> {
  const read = readCatalogInput(input, options);
  const persistence = bm25fDefinition.capabilities!.persistence!;
  const ranker = await bm25fDefinition.create(readOptions(`ranker ${JSON.stringify(bm25fDefinition.name)}`, bm25fDefinition.options, undefined));
  await ranker.index(read.catalog.tools);
  const index = await persistence.save(ranker);
  const catalog = JSON.stringify({ tools: read.toolInputs, servers: read.servers });
  return { bytes: encodePrebuiltIndex({ catalog, ranker: bm25fDefinition.name, format: persistence.format, index }), read };
}
